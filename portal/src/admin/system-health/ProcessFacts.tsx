import { Card, H5 } from '@blueprintjs/core';
import { formatNumber, formatTimestamp } from '@ideamine/shared/format';
import type { SystemStatus } from '../dashboard/queries';
import { PropertyList } from '../common/PropertyList';
import { formatUptime } from './uptime';

/** The API process that answered: uptime, memory, event-loop lag and versions. */
export function ProcessFacts(props: { status: SystemStatus | undefined }) {
  const p = props.status?.process;
  return (
    <Card role="region" aria-label="API process" className="im-widget">
      <H5>API process</H5>
      {!p ? (
        <p className="im-muted">Loading...</p>
      ) : (
        <PropertyList
          items={[
            ['Started', formatTimestamp(p.started_at)],
            ['Uptime', formatUptime(p.uptime_seconds)],
            ['Memory (RSS)', `${formatNumber(p.memory.rss_mb, { decimals: 0 })} MB`],
            [
              'Heap used',
              `${formatNumber(p.memory.heap_used_mb, { decimals: 0 })} of ${formatNumber(p.memory.heap_total_mb, { decimals: 0 })} MB`,
            ],
            [
              'Event-loop lag',
              `mean ${formatNumber(p.event_loop_lag_ms.mean, { decimals: 1 })} ms · p99 ${formatNumber(p.event_loop_lag_ms.p99, { decimals: 1 })} ms · max ${formatNumber(p.event_loop_lag_ms.max, { decimals: 1 })} ms`,
            ],
            ['Node.js', p.node_version],
            ['PostgreSQL', p.postgres_version],
            ['Probes', props.status?.cached ? 'from the 10 s cache' : 'just probed'],
          ]}
        />
      )}
    </Card>
  );
}
