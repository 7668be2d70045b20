import { Icon, ProgressBar } from '@blueprintjs/core';
import type { IdeaPipeline } from '@ideamine/shared/contract/dashboard-insights';
import { formatCount, formatPercent } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { useWidgetData } from '../widgets/use-widget-data';
import { Widget } from '../widgets/Widget';
import { SAMPLE_IDEA_PIPELINE } from './insights-sample-data';
import { fetchDashboard } from './queries';

/** Idea Pipeline Visualization: each stage's count and the conversion to the next. */
export function IdeaPipelineWidget() {
  const { client } = useAuth();
  const widget = useWidgetData({
    name: 'idea pipeline',
    queryKey: ['admin', 'idea-pipeline'],
    queryFn: () => fetchDashboard<IdeaPipeline>(client, 'idea-pipeline'),
    sample: SAMPLE_IDEA_PIPELINE,
  });
  return (
    <Widget title="Idea Pipeline" widget={widget}>
      {(d) => {
        const stages: [string, number, number | null][] = [
          ['Raw pages', d.raw_data_items, d.conversion_rates.raw_to_knowledge],
          ['Ideas', d.knowledge_items, d.conversion_rates.knowledge_to_enriched],
          ['Enriched', d.enriched_ideas, d.conversion_rates.enriched_to_analyzed],
          ['Analysed', d.analyzed_ideas, null],
        ];
        return (
          <>
            <div className="im-pipeline">
              {stages.map(([label, count, rate]) => (
                <div key={label} className="im-pipeline-stage">
                  <div>
                    <div className="im-muted">{label}</div>
                    <div className="im-stat-value">{formatCount(count)}</div>
                  </div>
                  {rate !== null && (
                    <div className="im-muted im-pipeline-arrow">
                      <Icon icon="arrow-right" /> {formatPercent(rate)}
                    </div>
                  )}
                </div>
              ))}
            </div>
            <Rescoring rescoring={d.rescoring} />
            {d.refiling && <Refiling refiling={d.refiling} />}
          </>
        );
      }}
    </Widget>
  );
}

/** While ideas scored by an older idea model are scored again: how far it has come. */
function Rescoring({ rescoring }: { rescoring: IdeaPipeline['rescoring'] }) {
  const { stale, analysed, model_version } = rescoring;
  if (stale === 0 || analysed === 0) return null;
  const done = analysed - stale;
  return (
    <div className="im-section">
      <p className="im-muted">
        Re-scoring with {model_version}: {formatCount(done)} of {formatCount(analysed)} ideas done, {formatCount(stale)}{' '}
        to go. Lists keep the old scores until each idea is scored again.
      </p>
      <ProgressBar value={done / analysed} stripes={false} aria-label="Re-scoring progress" />
    </div>
  );
}

/** While ideas are filed again under changed category rules: how far it has come. */
function Refiling({ refiling }: { refiling: NonNullable<IdeaPipeline['refiling']> }) {
  return (
    <div className="im-section">
      <p className="im-muted">
        Filing ideas again under the current category rules: {formatPercent(refiling.percent_done)} looked at,{' '}
        {formatCount(refiling.moved)} moved so far. Categories an operator chose stay as they are.
      </p>
      <ProgressBar value={refiling.percent_done / 100} stripes={false} aria-label="Category re-filing progress" />
    </div>
  );
}
