import { HTMLTable, Tag } from '@blueprintjs/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import type { webhookDeliverySchema } from '@ideamine/shared/contract/watchlists';
import { formatRelative } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { keys } from '../../queries/keys';
import { fetchPage } from '../../queries/paged';
import { Pager } from '../common/Pager';
import { QueryState } from '../common/QueryState';
import { TableScroll } from '../common/TableScroll';

// A watchlist's webhook deliveries, newest first: what was sent, how often it was tried and what
// the receiver answered last, so a user can see why their endpoint got nothing.

type Delivery = z.infer<typeof webhookDeliverySchema>;
const INTENT = { delivered: 'success', pending: 'warning', failed: 'danger' } as const;

export function WebhookLog(props: { watchlistId: number }) {
  const { client } = useAuth();
  const [page, setPage] = useState(1);
  const deliveries = useQuery({
    queryKey: [...keys.watchlists.all, 'deliveries', props.watchlistId, page],
    queryFn: () =>
      fetchPage<Delivery>(client, `/watchlists/${props.watchlistId}/webhook-deliveries`, { page, page_size: 10 }),
    placeholderData: keepPreviousData,
  });
  return (
    <QueryState
      query={deliveries}
      errorFallback="Failed to load the delivery log"
      isEmpty={(d) => d.items.length === 0}
      emptyMessage="Nothing sent yet: each new match is sent here as it comes."
    >
      {(data) => (
        <>
          <TableScroll label="Webhook deliveries table">
            <HTMLTable compact striped aria-label="Webhook deliveries" style={{ width: '100%' }}>
              <thead>
                <tr>
                  <th>When</th>
                  <th>Idea</th>
                  <th>Status</th>
                  <th>Tries</th>
                  <th>Last answer</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((d) => (
                  <tr key={d.id}>
                    <td>{formatRelative(d.last_attempt_at ?? d.created_at)}</td>
                    <td>{d.title}</td>
                    <td>
                      <Tag minimal intent={INTENT[d.status]}>
                        {d.status}
                      </Tag>
                    </td>
                    <td>{d.attempts}</td>
                    <td className="im-muted">
                      {d.response_status !== null ? `HTTP ${d.response_status}` : ''}
                      {d.error ? ` ${d.error}` : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </TableScroll>
          <Pager pagination={data.pagination} onPage={setPage} unit={['delivery', 'deliveries']} />
        </>
      )}
    </QueryState>
  );
}
