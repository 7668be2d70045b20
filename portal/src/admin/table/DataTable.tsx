import '@blueprintjs/table/lib/css/table.css';
import { Button, Checkbox, HotkeysProvider, Icon, Spinner } from '@blueprintjs/core';
import { Cell, Column, ColumnHeaderCell, RenderMode, SelectionModes, Table2 } from '@blueprintjs/table';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formatCount, formatCountOf } from '@ideamine/shared/format';
import { useNotifications } from '../../layout/Notifications';
import { Empty, ErrorCallout, Loading } from '../../features/common/QueryState';
import type { RowSource } from './row-source';
import { toTsv } from './tsv';

// The operator screens' dense table: Blueprint Table2 (virtual rendering, so 10,000 rows cost
// what 30 do), server-side sort from the column headers, checkbox selection for bulk actions,
// and copy to the clipboard (Ctrl+C on selected cells, or the Copy button for checked rows).

export interface DataColumn<T> {
  /** Also the API's sort key when the column is sortable. */
  id: string;
  name: string;
  width?: number;
  sortable?: boolean;
  /** The cell as plain text: shown, copied and exported. */
  text(row: T): string;
  /** Richer content (links, tags); the text is used when absent. */
  render?(row: T): ReactNode;
}

export interface SortState {
  column: string;
  order: 'asc' | 'desc';
}

export type RowKey = string | number;

export interface DataTableProps<T> {
  label: string;
  columns: DataColumn<T>[];
  rows: RowSource<T>;
  rowKey(row: T): RowKey;
  sort?: SortState;
  onSort?(sort: SortState): void;
  /** Checked rows by key; with onSelectedChange the table gets a checkbox column. */
  selected?: ReadonlyMap<RowKey, T>;
  onSelectedChange?(selected: Map<RowKey, T>): void;
  emptyMessage: string;
  errorFallback?: string;
  /** Bulk actions and filters shown above the table. */
  toolbar?: ReactNode;
  unit?: string;
  height?: number;
}

const CHECK_WIDTH = 36;
const ROW_HEIGHT = 26;
const HEADER_HEIGHT = 32;

/** Tall enough for every row up to the cap; beyond it the table scrolls. */
const tableHeight = (count: number, cap = 560) => Math.min(cap, HEADER_HEIGHT + count * ROW_HEIGHT + 18);

export function DataTable<T>(props: DataTableProps<T>) {
  const { rows, columns } = props;
  const { notify } = useNotifications();
  const [copied, setCopied] = useState(0);
  const selectable = !!props.onSelectedChange;
  const selected = props.selected ?? new Map<RowKey, T>();
  const section = useRef<HTMLDivElement>(null);

  // Table2's body scrolls on its own; when no cell holds a link or a checkbox, nothing inside it
  // takes focus, so the keyboard could not scroll it. It becomes a Tab stop of its own. Only DOM
  // attributes are set here, never state, so this cannot feed back into rendering.
  useEffect(() => {
    section.current
      ?.querySelectorAll<HTMLElement>('.bp6-table-quadrant-main .bp6-table-quadrant-scroll-container')
      .forEach((body) => {
        body.tabIndex = 0;
        body.setAttribute('role', 'group');
        body.setAttribute('aria-label', `${props.label}: rows`);
      });
  });

  function toggle(row: T) {
    const next = new Map(selected);
    const key = props.rowKey(row);
    if (next.has(key)) next.delete(key);
    else next.set(key, row);
    props.onSelectedChange?.(next);
  }

  async function copySelected() {
    const text = toTsv(columns, [...selected.values()]);
    try {
      await navigator.clipboard.writeText(text);
      setCopied(selected.size);
      notify(`Copied ${formatCountOf(selected.size, 'row')}`, 'success');
    } catch {
      notify('The browser refused clipboard access', 'error');
    }
  }

  const header = (column: DataColumn<T>) => {
    const active = props.sort?.column === column.id;
    const nextOrder = active && props.sort?.order === 'desc' ? 'asc' : 'desc';
    return (
      <ColumnHeaderCell
        name={column.name}
        nameRenderer={(name) =>
          column.sortable && props.onSort ? (
            <button
              type="button"
              className="im-th-sort"
              // Blueprint's table has no header roles to carry aria-sort, so the state is in the name.
              aria-label={
                active
                  ? `Sort by ${name} (sorted ${props.sort?.order === 'asc' ? 'ascending' : 'descending'})`
                  : `Sort by ${name}`
              }
              onClick={() => props.onSort?.({ column: column.id, order: nextOrder })}
            >
              {name}{' '}
              <Icon
                size={12}
                icon={active ? (props.sort?.order === 'asc' ? 'chevron-up' : 'chevron-down') : 'double-caret-vertical'}
              />
            </button>
          ) : (
            <span>{name}</span>
          )
        }
      />
    );
  };

  const cell = (column: DataColumn<T>) => (index: number) => {
    const row = rows.rowAt(index);
    if (!row) return <Cell loading />;
    return <Cell tooltip={column.text(row)}>{column.render ? column.render(row) : column.text(row)}</Cell>;
  };

  const checkCell = (index: number) => {
    const row = rows.rowAt(index);
    if (!row) return <Cell loading />;
    const key = props.rowKey(row);
    return (
      <Cell className="im-check-cell">
        <Checkbox
          checked={selected.has(key)}
          aria-label={`Select row ${key}`}
          onChange={() => toggle(row)}
          className="im-table-check"
        />
      </Cell>
    );
  };

  let body: ReactNode;
  if (rows.isPending) body = <Loading />;
  else if (rows.error && rows.count === 0)
    body = <ErrorCallout error={rows.error} fallback={props.errorFallback} onRetry={rows.refetch} />;
  else if (rows.count === 0) body = <Empty message={props.emptyMessage} />;
  else
    body = (
      <div className="im-data-table" style={{ height: tableHeight(rows.count, props.height) }}>
        <HotkeysProvider>
          <Table2
            numRows={rows.count}
            enableRowHeader={false}
            enableMultipleSelection
            selectionModes={SelectionModes.ROWS_AND_CELLS}
            renderMode={RenderMode.NONE}
            defaultRowHeight={ROW_HEIGHT}
            columnWidths={[...(selectable ? [CHECK_WIDTH] : []), ...columns.map((c) => c.width ?? 160)]}
            cellRendererDependencies={[rows.version, selected, props.sort]}
            onVisibleCellsChange={(r) => rows.onVisibleRows(r.rowIndexStart, r.rowIndexEnd)}
            getCellClipboardData={(r, c) => {
              const row = rows.rowAt(r);
              const column = columns[c - (selectable ? 1 : 0)];
              return row && column ? column.text(row) : '';
            }}
          >
            {[
              ...(selectable
                ? [
                    <Column
                      key="__select"
                      id="__select"
                      columnHeaderCellRenderer={() => <ColumnHeaderCell name="" />}
                      cellRenderer={checkCell}
                    />,
                  ]
                : []),
              ...columns.map((column) => (
                <Column
                  key={column.id}
                  id={column.id}
                  name={column.name}
                  columnHeaderCellRenderer={() => header(column)}
                  cellRenderer={cell(column)}
                />
              )),
            ]}
          </Table2>
        </HotkeysProvider>
      </div>
    );

  return (
    <div className="im-section" role="region" aria-label={props.label} ref={section}>
      <div className="im-table-toolbar">
        <span className="im-muted" aria-live="polite">
          {formatCount(rows.count)} {props.unit ?? 'rows'}
          {selectable && selected.size > 0 && ` · ${formatCount(selected.size)} selected`}
        </span>
        {rows.fetching && !rows.isPending && <Spinner size={14} aria-label="Loading rows" />}
        <span className="im-spacer" />
        {props.toolbar}
        {selectable && (
          <>
            <Button
              icon="duplicate"
              text="Copy selected"
              disabled={selected.size === 0}
              onClick={() => void copySelected()}
              title={copied ? `Last copy: ${copied} rows` : 'Copy the checked rows as tab-separated text'}
            />
            <Button
              icon="cross"
              text="Clear selection"
              disabled={selected.size === 0}
              onClick={() => props.onSelectedChange?.(new Map())}
            />
          </>
        )}
        <Button icon="refresh" aria-label={`Reload ${props.label}`} variant="minimal" onClick={rows.refetch} />
      </div>
      {body}
    </div>
  );
}
