import { HTMLTable, Tag } from '@blueprintjs/core';
import type { KnowledgeMetrics } from '@ideamine/shared/contract/dashboard-insights';
import {
  analysisRateIntent,
  averageProfitIntent,
  enrichmentRateIntent,
  formatCount,
  formatNumber,
  formatPercent,
} from '@ideamine/shared/format';
import { percentOf } from '@ideamine/shared/trend';
import { useAuth } from '../../auth/AuthProvider';
import { useWidgetData } from '../widgets/use-widget-data';
import { Widget } from '../widgets/Widget';
import { SAMPLE_KNOWLEDGE_METRICS } from './insights-sample-data';
import { fetchDashboard } from './queries';

/** Knowledge Extraction Metrics (spec s2, s9): totals, growth, enrichment and analysis rates. */
export function KnowledgeMetricsWidget() {
  const { client } = useAuth();
  const widget = useWidgetData({
    name: 'knowledge metrics',
    queryKey: ['admin', 'knowledge-metrics'],
    queryFn: () => fetchDashboard<KnowledgeMetrics>(client, 'knowledge-metrics'),
    sample: SAMPLE_KNOWLEDGE_METRICS,
  });
  return (
    <Widget title="Knowledge Extraction Metrics" widget={widget}>
      {(d) => {
        const enriched = percentOf(d.enriched_count, d.total_items);
        const analyzed = percentOf(d.analyzed_count, d.total_items);
        return (
          <>
            <div className="im-stat-grid im-section">
              <div>
                <div className="im-muted">Total ideas</div>
                <div className="im-stat-value">{formatCount(d.total_items)}</div>
                <div className="im-muted">
                  +{formatCount(d.new_items_24h)} in 24 h · {formatPercent(d.growth_rate_percentage, { sign: true })}{' '}
                  week on week
                </div>
              </div>
              <div>
                <div className="im-muted">Enrichment rate</div>
                <Tag intent={enrichmentRateIntent(enriched)} size="large">
                  {formatPercent(enriched)}
                </Tag>
              </div>
              <div>
                <div className="im-muted">Analysis rate</div>
                <Tag intent={analysisRateIntent(analyzed)} size="large">
                  {formatPercent(analyzed)}
                </Tag>
              </div>
              <div>
                <div className="im-muted">Average profit</div>
                <Tag intent={averageProfitIntent(d.avg_profit_potential)} size="large">
                  {formatNumber(d.avg_profit_potential, { decimals: 1 })} / 10
                </Tag>
              </div>
            </div>
            <HTMLTable compact striped className="im-fill" aria-label="Ideas by domain">
              <tbody>
                {d.by_domain.map((row) => (
                  <tr key={row.domain}>
                    <td>{row.domain}</td>
                    <td>{formatCount(row.count)}</td>
                    <td className="im-muted">{formatPercent(row.percentage)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </>
        );
      }}
    </Widget>
  );
}
