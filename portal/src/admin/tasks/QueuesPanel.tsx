import { Button, H4, HTMLTable, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatCount, formatRelative } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { Loading, ErrorCallout } from '../../features/common/QueryState';
import { fetchQueues, queueKeys, type QueueState } from '../api/queues';
import { QueueDialog, type QueueAction } from './QueueDialog';
import { TableScroll } from '../../features/common/TableScroll';

// The pipeline's queues: paused or running, messages waiting, dead letters; pause or resume
// with a reason, and send dead letters back (each at most 3 times). Reloads every 5 s.

const REFRESH_MS = 5000;

type Pending = QueueAction | null;

function summary(queues: QueueState[]) {
  const paused = queues.filter((q) => q.paused).map((q) => q.queue);
  const waiting = queues.reduce((n, q) => n + q.waiting, 0);
  const dead = queues.reduce((n, q) => n + q.dead_letter, 0);
  return {
    attention: paused.length > 0 || dead > 0,
    text:
      `${formatCount(waiting)} waiting · ${formatCount(dead)} dead ${dead === 1 ? 'letter' : 'letters'} · ` +
      (paused.length ? `paused: ${paused.join(', ')}` : `all ${queues.length} running`),
  };
}

/** Whether the workers have stopped fetching yet: each checks for pauses every second or so. */
function pauseHold(q: QueueState): string {
  if (q.workers === 0) return 'no worker running';
  if (q.workers_paused >= q.workers) return `stopped on ${q.workers === 1 ? 'the worker' : `all ${q.workers} workers`}`;
  return `stopping: ${q.workers_paused} of ${q.workers} workers`;
}

export function QueuesPanel() {
  const { client } = useAuth();
  const queues = useQuery({ queryKey: queueKeys.all, queryFn: () => fetchQueues(client), refetchInterval: REFRESH_MS });
  const [pending, setPending] = useState<Pending>(null);
  // Folded while all is well; opens by itself when a queue is paused or holds dead letters.
  const [open, setOpen] = useState<boolean | null>(null);
  const state = queues.data ? summary(queues.data) : null;
  const shown = open ?? (state?.attention || !!queues.error);
  return (
    <section className="im-section" aria-label="Queues">
      <div className="im-row">
        <H4 style={{ margin: 0 }}>Queues</H4>
        {state && (
          <span className="im-muted" aria-live="polite">
            {state.text}
          </span>
        )}
        <span className="im-spacer" />
        <Button
          icon="refresh"
          variant="minimal"
          aria-label="Reload queues"
          loading={queues.isFetching && !queues.isPending}
          onClick={() => void queues.refetch()}
        />
        <Button
          variant="minimal"
          icon={shown ? 'chevron-up' : 'chevron-down'}
          text={shown ? 'Hide queues' : 'Show queues'}
          aria-expanded={shown}
          onClick={() => setOpen(!shown)}
        />
      </div>
      {!shown ? null : queues.isPending ? (
        <Loading />
      ) : queues.error && !queues.data ? (
        <ErrorCallout
          error={queues.error}
          fallback="Failed to fetch the queues"
          onRetry={() => void queues.refetch()}
        />
      ) : (queues.data ?? []).length === 0 ? (
        <p className="im-muted">No queues.</p>
      ) : (
        <TableScroll label="Queue states">
          <HTMLTable compact striped className="im-fill" aria-label="Queue states">
            <thead>
              <tr>
                <th>Queue</th>
                <th>State</th>
                <th>Waiting</th>
                <th>Dead letters</th>
                <th>Paused because</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {queues.data!.map((q) => (
                <tr key={q.queue}>
                  <td>
                    <strong>{q.queue}</strong>
                  </td>
                  <td>
                    {q.paused ? (
                      <span className="im-row">
                        <Tag intent="warning" icon="pause">
                          paused
                        </Tag>
                        <span className="im-muted">{pauseHold(q)}</span>
                      </span>
                    ) : (
                      <Tag minimal intent="success" icon="play">
                        running
                      </Tag>
                    )}
                  </td>
                  <td>{formatCount(q.waiting)}</td>
                  <td>
                    {q.dead_letter ? (
                      <Tag minimal intent="danger">
                        {formatCount(q.dead_letter)}
                      </Tag>
                    ) : (
                      '0'
                    )}
                  </td>
                  <td className="im-muted">
                    {q.paused
                      ? `${q.reason || 'No reason given'}${q.paused_at ? ` (${formatRelative(q.paused_at)})` : ''}`
                      : ''}
                  </td>
                  <td>
                    <span className="im-row">
                      <Button
                        size="small"
                        icon={q.paused ? 'play' : 'pause'}
                        text={q.paused ? 'Resume' : 'Pause'}
                        aria-label={`${q.paused ? 'Resume' : 'Pause'} queue ${q.queue}`}
                        onClick={() => setPending({ kind: q.paused ? 'resume' : 'pause', queue: q })}
                      />
                      <Button
                        size="small"
                        icon="redo"
                        text="Replay dead letters"
                        aria-label={`Replay dead letters of ${q.queue}`}
                        disabled={q.dead_letter === 0}
                        onClick={() => setPending({ kind: 'replay', queue: q })}
                      />
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </TableScroll>
      )}
      {pending && (
        <QueueDialog
          key={`${pending.kind}-${pending.queue.queue}`}
          pending={pending}
          onClose={() => setPending(null)}
        />
      )}
    </section>
  );
}
