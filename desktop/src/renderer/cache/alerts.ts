import type { ErrorRates, QueueMetrics } from '@ideamine/portal/admin/dashboard/queries';

// Native notifications when the dead-letter queue or an error rate crosses its threshold: once
// on the way up, not again while it stays above, and again after it has come back down.

export type AlertName = 'dead_letter' | 'crawl_errors' | 'transform_errors' | 'llm_errors';
export type AlertState = Partial<Record<AlertName, boolean>>;
export interface AlertNotice {
  title: string;
  body: string;
}

const pct = (n: number) => `${Math.round(n * 10) / 10}%`;

export function evaluateAlerts(
  previous: AlertState,
  readings: { queues?: QueueMetrics; errors?: ErrorRates },
): { state: AlertState; notices: AlertNotice[] } {
  const state: AlertState = { ...previous };
  const notices: AlertNotice[] = [];
  const check = (name: AlertName, active: boolean | undefined, notice: () => AlertNotice) => {
    if (active === undefined) return;
    if (active && !previous[name]) notices.push(notice());
    state[name] = active;
  };
  const q = readings.queues;
  check('dead_letter', q?.dead_letter_queue.alert, () => ({
    title: 'Dead letter queue over its threshold',
    body: `${q!.dead_letter_queue.depth} messages wait in the dead letter queue.`,
  }));
  const e = readings.errors;
  const rate = (label: string, r: { rate: number; threshold: number } | undefined) => () => ({
    title: `${label} error rate over its threshold`,
    body: `${label} errors at ${pct(r!.rate)} over the last 24 hours (threshold ${pct(r!.threshold)}).`,
  });
  check('crawl_errors', e?.crawl_task_errors.alert, rate('Crawl', e?.crawl_task_errors));
  check('transform_errors', e?.transform_task_errors.alert, rate('Transform', e?.transform_task_errors));
  check('llm_errors', e?.llm_analysis_errors.alert, rate('LLM analysis', e?.llm_analysis_errors));
  return { state, notices };
}
