import { describe, expect, it } from 'vitest';
import { evaluateAlerts } from './alerts';

const queues = (depth: number, alert: boolean) => ({
  crawl_tasks_queue: { depth: 0, trend: 'stable' as const, change_percentage: 0 },
  transform_tasks_queue: { depth: 0, trend: 'stable' as const, change_percentage: 0 },
  dead_letter_queue: { depth, alert, threshold: 10 },
  timestamp: '2026-11-20T10:00:00Z',
});
const rate = (r: number, alert: boolean) => ({ rate: r, threshold: 10, alert });
const errors = (crawl: number, crawlAlert: boolean) => ({
  crawl_task_errors: rate(crawl, crawlAlert),
  transform_task_errors: rate(0, false),
  llm_analysis_errors: rate(0, false),
  timestamp: '2026-11-20T10:00:00Z',
});

describe('evaluateAlerts', () => {
  it('notifies once when the dead letter queue crosses its threshold, again only after it came back', () => {
    let result = evaluateAlerts({}, { queues: queues(12, true) });
    expect(result.notices).toEqual([
      { title: 'Dead letter queue over its threshold', body: '12 messages wait in the dead letter queue.' },
    ]);
    result = evaluateAlerts(result.state, { queues: queues(15, true) });
    expect(result.notices).toEqual([]);
    result = evaluateAlerts(result.state, { queues: queues(2, false) });
    expect(result.notices).toEqual([]);
    result = evaluateAlerts(result.state, { queues: queues(11, true) });
    expect(result.notices).toHaveLength(1);
  });

  it('notifies for an error rate at or over its threshold with the figures', () => {
    const result = evaluateAlerts({}, { errors: errors(12.34, true) });
    expect(result.notices).toEqual([
      {
        title: 'Crawl error rate over its threshold',
        body: 'Crawl errors at 12.3% over the last 24 hours (threshold 10%).',
      },
    ]);
    expect(result.state).toMatchObject({ crawl_errors: true, transform_errors: false, llm_errors: false });
  });

  it('keeps the last state for a reading that did not come (a failed call)', () => {
    const first = evaluateAlerts({}, { errors: errors(20, true) });
    const second = evaluateAlerts(first.state, { queues: queues(0, false) });
    expect(second.state.crawl_errors).toBe(true);
    expect(evaluateAlerts(second.state, { errors: errors(25, true) }).notices).toEqual([]);
  });
});
