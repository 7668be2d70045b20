import {
  Button,
  ButtonGroup,
  Callout,
  Card,
  H2,
  H5,
  HTMLTable,
  Menu,
  MenuItem,
  NonIdealState,
  Tag,
} from '@blueprintjs/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { z } from 'zod';
import type { SnapshotMeta } from '@ideamine/shared/ipc';
import { formatCount, formatCountOf, formatTimestamp } from '@ideamine/shared/format';
import { messageOf } from '@ideamine/portal/api/errors';
import { Loading, QueryState } from '@ideamine/portal/features/common/QueryState';
import { useNotifications } from '@ideamine/portal/layout/Notifications';
import { useConsole } from '../console-context';
import { saveTextFile } from './save-file';

// Snapshot history: every cached call, its snapshots newest first, one snapshot's data with
// Older / Newer to step through time, a comparison of two snapshots, and export as CSV or JSON.

const PAGE = 100;
const searchSchema = z.object({
  key: z.string().optional().catch(undefined),
  id: z.coerce.number().int().positive().optional().catch(undefined),
  compare: z.coerce.number().int().positive().optional().catch(undefined),
});
type HistorySearch = z.infer<typeof searchSchema>;

const show = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

function useHistorySearch(): [HistorySearch, (patch: Partial<HistorySearch>) => void] {
  const raw = useSearch({ strict: false });
  const navigate = useNavigate();
  const value = searchSchema.parse(raw);
  const set = (patch: Partial<HistorySearch>) =>
    void navigate({ to: '/console/history', search: { ...value, ...patch } as never, replace: true });
  return [value, set];
}

function Comparison(props: { beforeId: number; afterId: number; onClose(): void }) {
  const { api } = useConsole();
  const compared = useQuery({
    queryKey: ['console', 'compare', props.beforeId, props.afterId],
    queryFn: () => api.snapshotsCompare({ before_id: props.beforeId, after_id: props.afterId }),
  });
  return (
    <Card className="im-section" role="region" aria-label="Comparison">
      <div className="im-section-head">
        <H5>Comparison</H5>
        <Button icon="cross" variant="minimal" text="Close comparison" onClick={props.onClose} />
      </div>
      <QueryState query={compared} errorFallback="Failed to compare the snapshots">
        {(c) => (
          <>
            <p className="im-muted">
              {formatTimestamp(c.before.fetched_at)} → {formatTimestamp(c.after.fetched_at)}:{' '}
              {formatCount(c.changes.length)} changed, {formatCount(c.unchanged)} unchanged
            </p>
            {c.changes.length === 0 ? (
              <Callout intent="success" icon="tick" compact>
                The two snapshots hold the same data.
              </Callout>
            ) : (
              <div className="im-table-scroll">
                <HTMLTable compact striped className="im-fill" aria-label="Changes">
                  <thead>
                    <tr>
                      <th>Field</th>
                      <th>Before</th>
                      <th>After</th>
                      <th>Change</th>
                    </tr>
                  </thead>
                  <tbody>
                    {c.changes.map((change) => (
                      <tr key={change.path}>
                        <td className="bp6-monospace-text">{change.path}</td>
                        <td>{show(change.before)}</td>
                        <td>{show(change.after)}</td>
                        <td>
                          {change.delta !== null && change.delta !== 0 && (
                            <Tag minimal intent={change.delta > 0 ? 'primary' : 'warning'}>
                              {change.delta > 0 ? '+' : ''}
                              {change.delta}
                            </Tag>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              </div>
            )}
          </>
        )}
      </QueryState>
    </Card>
  );
}

function SnapshotView(props: {
  id: number;
  older?: SnapshotMeta;
  newer?: SnapshotMeta;
  compareId?: number;
  onSelect(id: number): void;
  onCompare(id: number | undefined): void;
}) {
  const { api } = useConsole();
  const { notify } = useNotifications();
  const snapshot = useQuery({
    queryKey: ['console', 'snapshot', props.id],
    queryFn: () => api.snapshotsGet({ id: props.id }),
  });
  async function exportAs(format: 'csv' | 'json') {
    try {
      const file = await api.snapshotsExport({ id: props.id, format });
      saveTextFile(file.file_name, file.mime_type, file.content);
      notify(`Exported ${file.file_name}`, 'success');
    } catch (error) {
      notify(messageOf(error, 'Failed to export the snapshot'), 'error');
    }
  }
  return (
    <Card className="im-section" role="region" aria-label="Snapshot">
      <div className="im-section-head">
        <H5>{snapshot.data ? `Snapshot of ${formatTimestamp(snapshot.data.fetched_at)}` : 'Snapshot'}</H5>
        <div className="im-row">
          <ButtonGroup>
            <Button
              icon="chevron-left"
              text="Older"
              disabled={!props.older}
              onClick={() => props.older && props.onSelect(props.older.id)}
            />
            <Button
              endIcon="chevron-right"
              text="Newer"
              disabled={!props.newer}
              onClick={() => props.newer && props.onSelect(props.newer.id)}
            />
          </ButtonGroup>
          {props.older && (
            <Button icon="comparison" text="Compare with older" onClick={() => props.onCompare(props.older!.id)} />
          )}
          <Button icon="download" text="Export CSV" onClick={() => void exportAs('csv')} />
          <Button icon="download" text="Export JSON" onClick={() => void exportAs('json')} />
        </div>
      </div>
      <QueryState query={snapshot} errorFallback="Failed to read the snapshot">
        {(s) => <pre className="im-pre bp6-code-block">{JSON.stringify(s.body, null, 2)}</pre>}
      </QueryState>
    </Card>
  );
}

export function HistoryPage() {
  const { api } = useConsole();
  const [search, setSearch] = useHistorySearch();
  const keys = useQuery({ queryKey: ['console', 'snapshot-keys'], queryFn: () => api.snapshotsKeys({}) });
  const history = useInfiniteQuery({
    queryKey: ['console', 'history', search.key],
    enabled: !!search.key,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      api.snapshotsHistory({ key: search.key!, limit: PAGE, ...(pageParam ? { before_id: pageParam } : {}) }),
    getNextPageParam: (last) => (last.length === PAGE ? last.at(-1)!.id : undefined),
  });
  const rows = history.data?.pages.flat() ?? [];
  const selected = search.id ?? rows[0]?.id;
  const index = rows.findIndex((r) => r.id === selected);

  return (
    <div>
      <H2>Snapshot history</H2>
      <p className="im-muted">
        Every dashboard answer the console received, kept for offline review. Pick a call, step through its snapshots,
        compare two, or export one.
      </p>
      <div className="im-history">
        <Card className="im-history-keys" role="region" aria-label="Cached calls">
          <H5>Calls</H5>
          <QueryState
            query={keys}
            errorFallback="Failed to read the cache"
            isEmpty={(k) => k.length === 0}
            emptyMessage="Nothing cached yet: snapshots appear as the dashboard loads."
          >
            {(list) => (
              <Menu>
                {list.map((k) => (
                  <MenuItem
                    key={k.key}
                    active={k.key === search.key}
                    text={k.key}
                    label={formatCount(k.count)}
                    title={`${formatCountOf(k.count, 'snapshot')}, newest ${formatTimestamp(k.newest_at)}`}
                    onClick={() => setSearch({ key: k.key, id: undefined, compare: undefined })}
                  />
                ))}
              </Menu>
            )}
          </QueryState>
        </Card>
        <div className="im-history-main">
          {!search.key ? (
            <NonIdealState icon="history" description="Choose a call to see its snapshots." />
          ) : history.isPending ? (
            <Loading />
          ) : (
            <>
              <Card className="im-section" role="region" aria-label="Snapshots">
                <H5>
                  {search.key} · {formatCount(rows.length)}
                  {history.hasNextPage ? '+' : ''} snapshots
                </H5>
                <div className="im-history-list">
                  <HTMLTable compact interactive className="im-fill">
                    <tbody>
                      {rows.map((r) => (
                        <tr
                          key={r.id}
                          className={r.id === selected ? 'im-row-selected' : undefined}
                          onClick={() => setSearch({ id: r.id })}
                          aria-selected={r.id === selected}
                        >
                          <td>{formatTimestamp(r.fetched_at)}</td>
                          <td className="im-muted">{formatCount(r.stored_bytes)} bytes</td>
                          <td>
                            {search.compare === r.id && <Tag minimal>compared</Tag>}
                            {r.id !== selected && (
                              <Button
                                size="small"
                                variant="minimal"
                                text="Compare"
                                onClick={(e) => {
                                  e.stopPropagation();
                                  setSearch({ compare: r.id });
                                }}
                              />
                            )}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </HTMLTable>
                  {history.hasNextPage && (
                    <Button
                      text="Load older"
                      loading={history.isFetchingNextPage}
                      onClick={() => void history.fetchNextPage()}
                    />
                  )}
                </div>
              </Card>
              {search.compare && selected && (
                <Comparison
                  beforeId={Math.min(search.compare, selected)}
                  afterId={Math.max(search.compare, selected)}
                  onClose={() => setSearch({ compare: undefined })}
                />
              )}
              {selected && (
                <SnapshotView
                  id={selected}
                  older={index >= 0 ? rows[index + 1] : undefined}
                  newer={index > 0 ? rows[index - 1] : undefined}
                  compareId={search.compare}
                  onSelect={(id) => {
                    setSearch({ id });
                    if (index + 2 >= rows.length && history.hasNextPage) void history.fetchNextPage();
                  }}
                  onCompare={(id) => setSearch({ compare: id })}
                />
              )}
            </>
          )}
        </div>
      </div>
    </div>
  );
}
