// Built-in sample data each widget shows, under its warning banner, when its call fails (spec
// s4, s8). Plainly sample: round numbers, names that say so.

const now = () => new Date().toISOString();

export const SAMPLE_SYSTEM_STATUS = () => ({
  components: [
    { name: 'database (sample)', status: 'healthy' as const, last_checked: now(), message: 'Sample data' },
    { name: 'queue (sample)', status: 'healthy' as const, last_checked: now(), message: 'Sample data' },
    { name: 'llm (sample)', status: 'degraded' as const, last_checked: now(), message: 'Sample data' },
  ],
  overall_status: 'degraded' as const,
  timestamp: now(),
});

export const SAMPLE_QUEUE_METRICS = () => ({
  crawl_tasks_queue: { depth: 120, trend: 'increasing' as const, change_percentage: 12 },
  transform_tasks_queue: { depth: 40, trend: 'decreasing' as const, change_percentage: -8 },
  dead_letter_queue: { depth: 3, alert: false, threshold: 100 },
  timestamp: now(),
});

export const SAMPLE_OVERVIEW = () => ({ totalJobs: 100, activeJobs: 4, completedJobs: 80, activeSchedules: 3 });
