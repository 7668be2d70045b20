import { AnchorButton, Icon, ProgressBar, Tooltip } from '@blueprintjs/core';
import { errorRateFill, errorRateLevel, formatPercent } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { useWidgetData } from '../widgets/use-widget-data';
import { Widget } from '../widgets/Widget';
import { adminKeys, fetchErrorRates } from './queries';
import { SAMPLE_ERROR_RATES } from './sample-data';

const LEVEL_INTENT = { critical: 'danger', warning: 'warning', fine: 'success' } as const;

/** Error Monitoring (spec s2, s4): rate against threshold, bar filled at rate / threshold. */
export function ErrorRatesWidget() {
  const { client } = useAuth();
  const widget = useWidgetData({
    name: 'error rates',
    queryKey: adminKeys.errorRates,
    queryFn: () => fetchErrorRates(client),
    sample: SAMPLE_ERROR_RATES(),
  });
  return (
    <Widget
      title="Error Monitoring"
      widget={widget}
      actions={<AnchorButton href="/system-logs" variant="minimal" text="View Error Logs" />}
    >
      {(d) => (
        <div>
          {(
            [
              ['Crawl tasks', d.crawl_task_errors],
              ['Transform tasks', d.transform_task_errors],
              ['LLM analysis', d.llm_analysis_errors],
            ] as const
          ).map(([label, r]) => (
            <div key={label} className="im-section">
              <div className="im-row">
                <span>{label}</span>
                <strong>{formatPercent(r.rate)}</strong>
                <span className="im-muted">threshold {formatPercent(r.threshold)}</span>
                {r.alert && (
                  <Tooltip content="Error rate exceeds threshold">
                    <Icon icon="warning-sign" intent="danger" title="Error rate exceeds threshold" />
                  </Tooltip>
                )}
              </div>
              <ProgressBar
                aria-label={`${label} error rate against its threshold`}
                value={errorRateFill(r.rate, r.threshold)}
                intent={LEVEL_INTENT[errorRateLevel(r.rate, r.threshold)]}
                animate={false}
                stripes={false}
              />
            </div>
          ))}
        </div>
      )}
    </Widget>
  );
}
