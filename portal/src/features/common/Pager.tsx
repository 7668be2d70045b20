import { Button, ButtonGroup } from '@blueprintjs/core';
import type { Pagination } from '@ideamine/shared/envelope';
import { pagerLabel } from './pager-label';

/** Previous / next paging with "page x of y" and the total. */
export function Pager(props: { pagination: Pagination; onPage(page: number): void; unit?: string }) {
  const { page, total_pages: pages } = props.pagination;
  const label = pagerLabel(props.pagination, props.unit);
  if (pages <= 1) return <div className="im-pager im-muted">{label}</div>;
  return (
    <div className="im-pager">
      <ButtonGroup>
        <Button icon="chevron-left" text="Previous" disabled={page <= 1} onClick={() => props.onPage(page - 1)} />
        <Button endIcon="chevron-right" text="Next" disabled={page >= pages} onClick={() => props.onPage(page + 1)} />
      </ButtonGroup>
      <span className="im-muted">{label}</span>
    </div>
  );
}
