import { H4, Icon, ProgressBar } from '@blueprintjs/core';
import { TASK_STATUSES } from '@ideamine/shared/contract/jobs';
import { formatCount, formatPercent } from '@ideamine/shared/format';
import { isRunning, type Job, type JobCounts } from '../api/jobs';
import { PropertyList } from '../common/PropertyList';
import { StatusTag } from './StatusTag';

// A job's progress: crawl and transform tasks by status, and what it produced so far.

/** How often a running job's detail reloads. */
export const FOLLOW_MS = 2500;

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

function TaskProgress(props: { label: string; counts: Record<string, number>; running: boolean }) {
  const all = sum(props.counts);
  const done = (props.counts.completed ?? 0) + (props.counts.failed ?? 0) + (props.counts.skipped ?? 0);
  const failed = props.counts.failed ?? 0;
  return (
    <div className="im-section" role="group" aria-label={props.label}>
      <div className="im-row">
        <strong>{props.label}</strong>
        <span className="im-muted">
          {formatCount(done)} of {formatCount(all)} finished{all ? ` (${formatPercent((done / all) * 100)})` : ''}
        </span>
      </div>
      <ProgressBar
        value={all ? done / all : props.running ? undefined : 0}
        intent={failed ? 'warning' : done === all && all ? 'success' : 'primary'}
        animate={props.running}
        stripes={props.running}
      />
      <div className="im-chips" style={{ marginTop: 6 }}>
        {all === 0 && <span className="im-muted">None yet.</span>}
        {TASK_STATUSES.filter((s) => props.counts[s]).map((s) => (
          <StatusTag key={s} status={s} count={formatCount(props.counts[s])} />
        ))}
      </div>
    </div>
  );
}

export function JobProgress(props: { job: Job; counts: JobCounts | undefined; error: unknown }) {
  const running = isRunning(props.job.status);
  return (
    <section className="im-section" aria-label="Progress">
      <div className="im-section-head">
        <H4>Progress</H4>
        {running && (
          <span className="im-muted" aria-live="polite">
            <Icon icon="refresh" size={12} /> Following the job: updates every {FOLLOW_MS / 1000} s
          </span>
        )}
      </div>
      {props.counts ? (
        <>
          <TaskProgress label="Crawl tasks" counts={props.counts.crawl_tasks} running={running} />
          <TaskProgress label="Transform tasks" counts={props.counts.transform_tasks} running={running} />
          <PropertyList
            label="Output"
            items={[
              ['Raw pages', formatCount(props.counts.raw_data)],
              ['Ideas', formatCount(props.counts.knowledge)],
            ]}
          />
        </>
      ) : (
        <p className="im-muted">{props.error ? 'Progress is unavailable right now.' : 'Loading progress...'}</p>
      )}
    </section>
  );
}
