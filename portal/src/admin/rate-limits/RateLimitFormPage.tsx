import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useAuth } from '../../auth/AuthProvider';
import { QueryState } from '../../features/common/QueryState';
import {
  createRateLimit,
  deleteRateLimit,
  fetchRateLimit,
  rateLimitKeys,
  updateRateLimit,
  type RateLimitFields,
} from '../api/rate-limits';
import { AdminForm } from '../common/AdminForm';
import { AdminPage } from '../common/AdminPage';
import { DeleteButton } from '../common/DeleteButton';
import { NumberField, TextField } from '../common/fields';
import { InvalidId } from '../common/NotFound';
import { useAdminMutation } from '../common/use-admin-mutation';
import { useRecord } from '../common/use-record';

// /admin/rate-limits/new and /admin/rate-limits/{id}/edit.

const FIELDS = ['domain_pattern', 'requests_per_minute', 'burst', 'max_concurrency'] as const;
const EMPTY: RateLimitFields = { domain_pattern: '', requests_per_minute: 60, burst: 1, max_concurrency: 2 };

function RateLimitForm(props: {
  initial: RateLimitFields;
  submitText: string;
  pending: boolean;
  error: unknown;
  onSubmit(fields: RateLimitFields): void;
}) {
  const [fields, setFields] = useState(props.initial);
  const set = (patch: Partial<RateLimitFields>) => setFields({ ...fields, ...patch });
  const submit = () =>
    props.onSubmit({
      domain_pattern: fields.domain_pattern.trim(),
      requests_per_minute: fields.requests_per_minute,
      burst: fields.burst,
      max_concurrency: fields.max_concurrency,
    });
  return (
    <AdminForm
      label="Rate limit"
      className="im-narrow"
      fields={FIELDS}
      error={props.error}
      errorFallback="Failed to save the rate limit"
      submitText={props.submitText}
      pending={props.pending}
      onSubmit={submit}
    >
      <TextField
        name="domain_pattern"
        label="Domain pattern"
        required
        error={props.error}
        value={fields.domain_pattern}
        maxLength={253}
        placeholder="example.com, *.example.com or *"
        help="A host name, a wildcard for its subdomains, or * for every host."
        onChange={(domain_pattern) => set({ domain_pattern })}
      />
      <div className="im-form-row">
        <NumberField
          name="requests_per_minute"
          label="Requests per minute"
          required
          min={1}
          max={100_000}
          error={props.error}
          value={fields.requests_per_minute}
          onChange={(requests_per_minute) => set({ requests_per_minute })}
        />
        <NumberField
          name="burst"
          label="Burst"
          min={1}
          max={1000}
          help="Requests allowed at once after a quiet spell."
          error={props.error}
          value={fields.burst}
          onChange={(burst) => set({ burst })}
        />
        <NumberField
          name="max_concurrency"
          label="Max concurrency"
          min={1}
          max={256}
          help="Requests in flight to one host at a time."
          error={props.error}
          value={fields.max_concurrency}
          onChange={(max_concurrency) => set({ max_concurrency })}
        />
      </div>
    </AdminForm>
  );
}

export function NewRateLimitPage() {
  const { client } = useAuth();
  const navigate = useNavigate();
  const create = useAdminMutation({
    mutationFn: (fields: RateLimitFields) => createRateLimit(client, fields),
    invalidate: [rateLimitKeys.all],
    success: (r) => `Rate limit for ${r.domain_pattern} created`,
    errorFallback: 'Failed to save the rate limit',
    toastErrors: false,
    onSuccess: () => void navigate({ to: '/admin/rate-limits' }),
  });
  return (
    <AdminPage title="New rate limit">
      <RateLimitForm
        initial={EMPTY}
        submitText="Create rate limit"
        pending={create.isPending}
        error={create.error}
        onSubmit={(fields) => create.mutate(fields)}
      />
    </AdminPage>
  );
}

export function EditRateLimitPage() {
  const { client } = useAuth();
  const navigate = useNavigate();
  const { id, query: rule } = useRecord(rateLimitKeys.detail, fetchRateLimit);
  const update = useAdminMutation({
    mutationFn: (fields: RateLimitFields) => updateRateLimit(client, id, fields),
    invalidate: [rateLimitKeys.all],
    success: (r) => `Rate limit for ${r.domain_pattern} saved`,
    errorFallback: 'Failed to save the rate limit',
    toastErrors: false,
    onSuccess: () => void navigate({ to: '/admin/rate-limits' }),
  });
  const remove = useAdminMutation({
    mutationFn: () => deleteRateLimit(client, id),
    invalidate: [rateLimitKeys.all],
    success: 'Rate limit deleted',
    errorFallback: 'Failed to delete the rate limit',
    onSuccess: () => void navigate({ to: '/admin/rate-limits' }),
  });
  if (!Number.isFinite(id)) return <InvalidId what="rate limit" back="/admin/rate-limits" />;
  return (
    <AdminPage
      title="Edit rate limit"
      actions={
        <DeleteButton pending={remove.isPending} onConfirm={() => remove.mutate()}>
          Delete this rule? Its hosts fall back to the next matching pattern or the default.
        </DeleteButton>
      }
    >
      <QueryState query={rule} errorFallback="Failed to fetch the rate limit">
        {(data) => (
          <RateLimitForm
            key={data.updated_at}
            initial={data}
            submitText="Save"
            pending={update.isPending}
            error={update.error}
            onSubmit={(fields) => update.mutate(fields)}
          />
        )}
      </QueryState>
    </AdminPage>
  );
}
