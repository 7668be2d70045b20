import { Button, ButtonGroup } from '@blueprintjs/core';
import type { Pagination } from '@ideamine/shared/envelope';
import { pagerLabel, type PagerUnit } from './pager-label';

/**
 * Previous / next paging with "page x of y" and the total. Next hands on the list's cursor when
 * it gave one (meta.pagination.next_cursor), so the next page is read by seek, not by offset.
 */
export function Pager(props: {
  pagination: Pagination;
  onPage(page: number, cursor?: string): void;
  unit?: PagerUnit;
}) {
  const { page, total_pages: pages } = props.pagination;
  const label = pagerLabel(props.pagination, props.unit);
  if (pages <= 1) return <div className="im-pager im-muted">{label}</div>;
  return (
    <div className="im-pager">
      <ButtonGroup>
        <Button icon="chevron-left" text="Previous" disabled={page <= 1} onClick={() => props.onPage(page - 1)} />
        <Button
          endIcon="chevron-right"
          text="Next"
          disabled={page >= pages}
          onClick={() => props.onPage(page + 1, props.pagination.next_cursor ?? undefined)}
        />
      </ButtonGroup>
      <span className="im-muted">{label}</span>
    </div>
  );
}
