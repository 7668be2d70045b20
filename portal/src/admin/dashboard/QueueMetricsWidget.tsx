import { Callout, Icon, Tag, Tooltip } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatCount, formatPercent, normaliseTrend, queueTrendIntent } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { TREND_ICON } from '../../features/common/trend-look';
import { useWidgetData } from '../widgets/use-widget-data';
import { Widget } from '../widgets/Widget';
import { fetchQueues, queueKeys } from '../api/queues';
import { adminKeys, fetchQueueMetrics } from './queries';
import { SAMPLE_QUEUE_METRICS } from './sample-data';

/** How often the paused state is read again: a pause by another operator shows within this. */
const QUEUE_STATE_MS = 15_000;

/** A paused queue stops the pipeline silently: say so where its depth is shown, with where to resume it. */
function PausedQueues() {
  const { client } = useAuth();
  const queues = useQuery({
    queryKey: queueKeys.all,
    queryFn: () => fetchQueues(client),
    refetchInterval: QUEUE_STATE_MS,
  });
  const paused = (queues.data ?? []).filter((q) => q.paused);
  if (!paused.length) return null;
  return (
    <Callout intent="warning" icon="pause" title={`Paused: ${paused.map((q) => q.queue).join(', ')}`}>
      {paused.map((q) => (
        <div key={q.queue}>
          {q.queue}: {formatCount(q.waiting)} waiting{q.reason ? ` (${q.reason})` : ''}
        </div>
      ))}
      <Link to="/admin/tasks">Resume on the tasks screen</Link>
    </Callout>
  );
}

export function QueueMetricsWidget(props: { autoRefresh: boolean }) {
  const { client } = useAuth();
  const widget = useWidgetData({
    name: 'queue metrics',
    queryKey: adminKeys.queueMetrics,
    queryFn: () => fetchQueueMetrics(client),
    sample: SAMPLE_QUEUE_METRICS(),
    autoRefresh: props.autoRefresh,
  });
  return (
    <Widget title="Queue Metrics" widget={widget}>
      {(data) => (
        <>
          <PausedQueues />
          <div className="im-stat-grid">
            {(
              [
                ['Crawl tasks queue', data.crawl_tasks_queue],
                ['Transform tasks queue', data.transform_tasks_queue],
              ] as const
            ).map(([label, q]) => {
              const trend = normaliseTrend(q.trend);
              return (
                <div key={label}>
                  <div className="im-muted">{label}</div>
                  <div className="im-stat-value">{formatCount(q.depth)}</div>
                  <Tag minimal intent={queueTrendIntent(trend)} icon={TREND_ICON[trend]}>
                    {formatPercent(q.change_percentage, { sign: true })}
                  </Tag>
                </div>
              );
            })}
            <div>
              <div className="im-muted">Dead letter queue</div>
              <div className="im-stat-value">
                {formatCount(data.dead_letter_queue.depth)}{' '}
                {data.dead_letter_queue.alert && (
                  <Tooltip content="Queue depth exceeds threshold">
                    <Icon icon="warning-sign" intent="danger" title="Queue depth exceeds threshold" />
                  </Tooltip>
                )}
              </div>
            </div>
          </div>
        </>
      )}
    </Widget>
  );
}
