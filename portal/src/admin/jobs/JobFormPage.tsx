import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useAuth } from '../../auth/AuthProvider';
import { ButtonLink } from '../../features/account/ButtonLink';
import { QueryState } from '../../features/common/QueryState';
import { createJob, fetchJob, jobKeys, renameJob, type Job, type JobInput } from '../api/jobs';
import { AdminForm } from '../common/AdminForm';
import { AdminPage } from '../common/AdminPage';
import { crawlBodyOf, NEW_CRAWL } from '../common/crawl-settings';
import { CrawlSettingsFields } from '../common/CrawlSettingsFields';
import { TextField } from '../common/fields';
import { InvalidId } from '../common/NotFound';
import { PropertyList } from '../common/PropertyList';
import { useAdminMutation } from '../common/use-admin-mutation';
import { useRecord } from '../common/use-record';
import { CancelJobButton } from './CancelJobButton';
import { StatusTag } from './StatusTag';

// /admin/jobs/new (start a crawl: URL, budget, scope, schema) and /admin/jobs/{id}/edit (the tag;
// a running job can be cancelled there too). The API names the field it refuses.

const FIELDS = [
  'initial_url',
  'tag',
  'schema_id',
  'max_pages',
  'max_depth',
  'same_domain',
  'include_patterns',
  'exclude_patterns',
  'time_limit_seconds',
] as const;

function NewJobForm(props: { pending: boolean; error: unknown; onSubmit(body: JobInput): void }) {
  const [draft, setDraft] = useState(NEW_CRAWL);
  return (
    <AdminForm
      label="New job"
      maxWidth={760}
      fields={FIELDS}
      error={props.error}
      errorFallback="Failed to create job"
      submitText="Start job"
      submitIcon="play"
      pending={props.pending}
      onSubmit={() => props.onSubmit(crawlBodyOf(draft))}
    >
      <CrawlSettingsFields
        draft={draft}
        error={props.error}
        urlPlaceholder="https://example.com/ or a feed URL"
        tagHelp="A label to find the job and its ideas by."
        onChange={(patch) => setDraft({ ...draft, ...patch })}
      />
    </AdminForm>
  );
}

export function NewJobPage() {
  const { client } = useAuth();
  const navigate = useNavigate();
  const create = useAdminMutation({
    mutationFn: (body: JobInput) => createJob(client, body),
    invalidate: [jobKeys.all, ['admin', 'recent-jobs']],
    success: (j) => `Job ${j.id} started`,
    errorFallback: 'Failed to create job',
    toastErrors: false,
    onSuccess: (j) => void navigate({ to: '/admin/jobs/$id', params: { id: String(j.id) } }),
  });
  return (
    <AdminPage
      title="New job"
      description="The workers crawl from the start URL within the budget, then turn the pages into ideas."
      actions={<ButtonLink to="/admin/jobs" text="Cancel" />}
    >
      <NewJobForm pending={create.isPending} error={create.error} onSubmit={(body) => create.mutate(body)} />
    </AdminPage>
  );
}

function EditJobForm(props: { job: Job }) {
  const { client } = useAuth();
  const navigate = useNavigate();
  const [tag, setTag] = useState(props.job.tag);
  const save = useAdminMutation({
    mutationFn: () => renameJob(client, props.job.id, tag.trim()),
    invalidate: [jobKeys.all, ['admin', 'recent-jobs']],
    success: (j) => `Job ${j.id} saved`,
    errorFallback: 'Failed to save the job',
    toastErrors: false,
    onSuccess: (j) => void navigate({ to: '/admin/jobs/$id', params: { id: String(j.id) } }),
  });
  return (
    <div className="im-narrow">
      <PropertyList
        label="Job"
        items={[
          ['Start URL', props.job.initial_url],
          ['Status', <StatusTag key="s" status={props.job.status} />],
        ]}
      />
      <AdminForm
        label="Edit job"
        fields={['tag']}
        error={save.error}
        errorFallback="Failed to save the job"
        submitText="Save"
        pending={save.isPending}
        actions={<CancelJobButton job={props.job} />}
        onSubmit={() => save.mutate()}
      >
        <TextField
          name="tag"
          label="Tag"
          maxLength={100}
          help="Only the tag can change; start a new job for other settings."
          error={save.error}
          value={tag}
          onChange={setTag}
        />
      </AdminForm>
    </div>
  );
}

export function EditJobPage() {
  const { id, query: job } = useRecord(jobKeys.job, fetchJob);
  if (!Number.isFinite(id)) return <InvalidId what="job" back="/admin/jobs" />;
  return (
    <AdminPage
      title={`Edit job ${id}`}
      actions={<ButtonLink to="/admin/jobs/$id" params={{ id: String(id) }} text="Back to the job" />}
    >
      <QueryState query={job} errorFallback="Failed to fetch the job">
        {(j) => <EditJobForm key={j.id} job={j} />}
      </QueryState>
    </AdminPage>
  );
}
