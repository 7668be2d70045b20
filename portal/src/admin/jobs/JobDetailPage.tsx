import { H4, Icon } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { formatCount, formatTimestamp } from '@ideamine/shared/format';
import { can, hasRole } from '@ideamine/shared/permissions';
import { useAuth } from '../../auth/AuthProvider';
import { ButtonLink } from '../../features/account/ButtonLink';
import { QueryState } from '../../features/common/QueryState';
import { deleteJob, fetchJob, fetchJobDetail, isRunning, jobKeys, type Job } from '../api/jobs';
import { taskKeys } from '../api/tasks';
import { AdminPage } from '../common/AdminPage';
import { DeleteButton } from '../common/DeleteButton';
import { InvalidId } from '../common/NotFound';
import { PropertyList } from '../common/PropertyList';
import { SkippedPatterns } from '../common/SkippedPatterns';
import { useIdParam } from '../common/screen';
import { useAdminMutation } from '../common/use-admin-mutation';
import { CancelJobButton } from './CancelJobButton';
import { FOLLOW_MS, JobProgress } from './JobProgress';
import { JobTabs } from './JobTabs';
import { StatusTag } from './StatusTag';

// /admin/jobs/{id}: one crawl job, its settings, its progress (followed every 2.5 s while it is
// pending or active, so the operator watches it finish) and the tasks, raw pages and ideas it
// produced. Actions by permission: edit the tag, cancel while running, delete; re-run a task.

const when = (v: string | null) => (v ? formatTimestamp(v) : null);

const FEED_ITEMS_LABEL: Record<Job['follow_feed_items'], string> = {
  auto: 'Read in full when the feed gives under 300 characters',
  always: 'Always read in full',
  never: "The feed's text only",
};

function patterns(list: string[]) {
  return list.length ? <code className="im-pre">{list.join('\n')}</code> : 'None';
}

function JobProperties({ job }: { job: Job }) {
  const { user } = useAuth();
  return (
    <PropertyList
      label="Properties"
      items={[
        ['Id', job.id],
        ['Status', <StatusTag key="s" status={job.status} />],
        ['Tag', job.tag],
        [
          'Start URL',
          <a key="u" href={job.initial_url} target="_blank" rel="noopener noreferrer">
            {job.initial_url} <Icon icon="share" size={12} />
          </a>,
        ],
        [
          'Origin',
          job.schedule_id !== null && can(user, 'schedules', 'write') ? (
            <Link key="o" to="/admin/schedules/$id" params={{ id: String(job.schedule_id) }}>
              {job.origin} (schedule {job.schedule_id})
            </Link>
          ) : (
            job.origin
          ),
        ],
        [
          'Created by',
          job.created_by === null ? null : hasRole(user, 'developer') ? (
            <Link key="c" to="/admin/users/$id" params={{ id: String(job.created_by) }}>
              {job.created_by_username ?? `User ${job.created_by}`}
            </Link>
          ) : (
            (job.created_by_username ?? `User ${job.created_by}`)
          ),
        ],
        ['Created', when(job.created_at)],
        ['Started', when(job.started_at)],
        ['Finished', when(job.finished_at)],
        ...(job.cancelled_at ? [['Cancelled', when(job.cancelled_at)] as [string, string | null]] : []),
        ...(job.error ? [['Error', job.error] as [string, string]] : []),
      ]}
    />
  );
}

function CrawlSettings({ job }: { job: Job }) {
  const { user } = useAuth();
  return (
    <section className="im-section" aria-label="Crawl settings">
      <H4>Crawl settings</H4>
      <PropertyList
        items={[
          [
            'Budget',
            `${formatCount(job.max_pages)} pages, depth ${job.max_depth}, ${formatCount(job.time_limit_seconds)} s`,
          ],
          ['Scope', job.same_domain ? "The start URL's domain only" : 'Any domain'],
          ['Feed items', FEED_ITEMS_LABEL[job.follow_feed_items]],
          [
            'Schema',
            job.schema_id === null ? (
              'Automatic'
            ) : can(user, 'schemas', 'read') ? (
              <Link key="sc" to="/admin/schemas/$id" params={{ id: String(job.schema_id) }}>
                Schema {job.schema_id}
              </Link>
            ) : (
              `Schema ${job.schema_id}`
            ),
          ],
          ['Include patterns', patterns(job.include_patterns)],
          ['Exclude patterns', patterns(job.exclude_patterns)],
        ]}
      />
      <SkippedPatterns
        problems={job.pattern_problems}
        fix="The job runs without them. To crawl with rewritten patterns, create a new job."
      />
    </section>
  );
}

export function JobDetailPage() {
  const { client, user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useIdParam();
  const valid = Number.isFinite(id);
  const job = useQuery({
    queryKey: jobKeys.job(id),
    queryFn: () => fetchJob(client, id),
    enabled: valid,
    refetchInterval: (q) => (q.state.data && isRunning(q.state.data.status) ? FOLLOW_MS : false),
  });
  const running = !!job.data && isRunning(job.data.status);
  const detail = useQuery({
    queryKey: jobKeys.detail(id),
    queryFn: () => fetchJobDetail(client, id),
    enabled: valid && !!job.data,
    refetchInterval: running ? FOLLOW_MS : false,
  });
  // When the job stops running, its lists reload once more to show the final state.
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running && job.data) {
      void queryClient.invalidateQueries({ queryKey: jobKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: jobKeys.of(id) });
    }
    wasRunning.current = running;
  }, [running]);
  const remove = useAdminMutation({
    mutationFn: () => deleteJob(client, id),
    invalidate: [jobKeys.all, taskKeys.all],
    success: (r) => r.message || 'Job deleted',
    errorFallback: 'Failed to delete the job',
    onSuccess: () => void navigate({ to: '/admin/jobs' }),
  });
  if (!valid) return <InvalidId what="job" back="/admin/jobs" />;
  const data = job.data;
  return (
    <AdminPage
      title={data ? `Job ${data.id}${data.tag ? `: ${data.tag}` : ''}` : 'Job'}
      description={data?.initial_url}
      actions={
        data && (
          <>
            {can(user, 'jobs', 'write') && (
              <ButtonLink to="/admin/jobs/$id/edit" params={{ id: String(id) }} icon="edit" text="Edit" />
            )}
            <CancelJobButton job={data} />
            {can(user, 'jobs', 'delete') && (
              <DeleteButton pending={remove.isPending} onConfirm={() => remove.mutate()}>
                Delete job {data.id} with its tasks and raw pages? The ideas it produced stay.
              </DeleteButton>
            )}
          </>
        )
      }
    >
      <QueryState query={job} errorFallback="Failed to fetch the job">
        {(j) => (
          <>
            <div className="im-detail-grid">
              <div>
                <JobProgress job={j} counts={detail.data?.counts} error={detail.error} />
                <CrawlSettings job={j} />
              </div>
              <div>
                <JobProperties job={j} />
              </div>
            </div>
            <JobTabs jobId={j.id} detail={detail} refetchInterval={running ? FOLLOW_MS : false} />
          </>
        )}
      </QueryState>
    </AdminPage>
  );
}
