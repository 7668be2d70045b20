import { Button, HTMLTable, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatTimestamp } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { profitBatchListQuery } from '../../queries/profit';
import { Pager } from '../common/Pager';
import { QueryState } from '../common/QueryState';
import { BATCH_STATUS_INTENT, batchProgressText } from './batch-status';

// The user's batch analyses, newest first; the list refreshes itself while one is running.

export function BatchList(props: { selected: number | undefined; onSelect(batchId: number): void }) {
  const { client } = useAuth();
  const [page, setPage] = useState(1);
  const batches = useQuery(profitBatchListQuery(client, page));
  return (
    <QueryState
      query={batches}
      isEmpty={(data) => data.items.length === 0}
      emptyMessage="No batch analyses yet."
      errorFallback="Failed to load your batch analyses"
    >
      {(data) => (
        <>
          <HTMLTable striped interactive aria-label="Batch analyses">
            <thead>
              <tr>
                <th>Batch</th>
                <th>Created</th>
                <th>Status</th>
                <th>Progress</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {data.items.map((batch) => (
                <tr key={batch.id} aria-selected={batch.id === props.selected}>
                  <td>#{batch.id}</td>
                  <td>{formatTimestamp(batch.created_at)}</td>
                  <td>
                    <Tag minimal intent={BATCH_STATUS_INTENT[batch.status]}>
                      {batch.status}
                    </Tag>
                  </td>
                  <td>{batchProgressText(batch)}</td>
                  <td>
                    <Button
                      variant="minimal"
                      icon="eye-open"
                      text="View"
                      disabled={batch.id === props.selected}
                      onClick={() => props.onSelect(batch.id)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <Pager pagination={data.pagination} onPage={setPage} unit={['batch', 'batches']} />
        </>
      )}
    </QueryState>
  );
}
