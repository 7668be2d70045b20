import { H4, Icon, ProgressBar } from '@blueprintjs/core';
import { TASK_STATUSES } from '@ideamine/shared/contract/jobs';
import { formatCount, formatCountOf, formatPercent } from '@ideamine/shared/format';
import { Link } from '@tanstack/react-router';
import { isRunning, type Job, type JobCounts } from '../api/jobs';
import { PropertyList } from '../common/PropertyList';
import { StatusTag } from './StatusTag';

// A job's progress through its four stages (crawl and transform tasks, then its ideas through
// enrich and analyse): a job is completed only when every stage has finished.

/** How often a running job's detail reloads. */
export const FOLLOW_MS = 2500;

type Stage = JobCounts['stages']['crawl'];

/** One stage: finished (done or failed) of all, a bar, and the break-down by status. */
function StageProgress(props: {
  label: string;
  unit: string;
  stage: Stage;
  running: boolean;
  statuses?: Record<string, number>;
  /** What a count means, under the chips. */
  children?: React.ReactNode;
}) {
  const { done, failed, total } = props.stage;
  const finished = done + failed;
  return (
    <div className="im-section" role="group" aria-label={props.label}>
      <div className="im-row">
        <strong>{props.label}</strong>
        <span className="im-muted">
          {formatCount(finished)} of {formatCount(total)} {props.unit} finished
          {total ? ` (${formatPercent((finished / total) * 100)})` : ''}
          {failed ? `, ${formatCount(failed)} failed` : ''}
        </span>
      </div>
      <ProgressBar
        aria-label={`${props.label}: ${formatCount(finished)} of ${formatCount(total)} finished`}
        value={total ? finished / total : props.running ? undefined : 0}
        intent={failed ? 'warning' : finished === total && total ? 'success' : 'primary'}
        animate={props.running}
        stripes={props.running}
      />
      <div className="im-chips" style={{ marginTop: 6 }}>
        {total === 0 && <span className="im-muted">None yet.</span>}
        {props.statuses
          ? TASK_STATUSES.filter((s) => props.statuses![s]).map((s) => (
              <StatusTag key={s} status={s} count={formatCount(props.statuses![s])} />
            ))
          : total > 0 && (
              <>
                {done > 0 && <StatusTag status="completed" count={formatCount(done)} />}
                {failed > 0 && <StatusTag status="failed" count={formatCount(failed)} />}
                {total - finished > 0 && <StatusTag status="pending" count={formatCount(total - finished)} />}
              </>
            )}
      </div>
      {props.children}
    </div>
  );
}

/** Why transform tasks were skipped when the pre-filter kept none of their posts. */
function NotIdeasNote(props: { notIdeas: JobCounts['not_ideas'] }) {
  const { posts, pages } = props.notIdeas;
  if (!posts) return null;
  const kept = pages
    ? `${formatCountOf(pages, 'page')} kept no post: skipped because the pre-filter judged every post on ${pages === 1 ? 'it' : 'them'} not to be an idea. `
    : '';
  return (
    <p className="im-muted">
      {kept}
      {formatCountOf(posts, 'post')} judged not ideas in all; the{' '}
      <Link to="." search={{ tab: 'transform' } as never}>
        Transform tasks
      </Link>{' '}
      tab lists each page's, with the reasons, and can keep them as ideas.
    </p>
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
          <StageProgress
            label="Crawl"
            unit="pages"
            stage={props.counts.stages.crawl}
            statuses={props.counts.crawl_tasks}
            running={running}
          />
          <StageProgress
            label="Transform"
            unit="pages"
            stage={props.counts.stages.transform}
            statuses={props.counts.transform_tasks}
            running={running}
          >
            <NotIdeasNote notIdeas={props.counts.not_ideas} />
          </StageProgress>
          <StageProgress label="Enrich" unit="ideas" stage={props.counts.stages.enrich} running={running} />
          <StageProgress label="Analyse" unit="ideas" stage={props.counts.stages.analyse} running={running} />
          <PropertyList
            label="Output"
            items={[
              ['Raw pages', formatCount(props.counts.raw_data)],
              ['Posts judged not ideas', formatCount(props.counts.not_ideas.posts)],
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
