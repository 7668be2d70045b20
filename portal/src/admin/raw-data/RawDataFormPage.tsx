import { HTMLSelect } from '@blueprintjs/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useAuth } from '../../auth/AuthProvider';
import { ButtonLink } from '../../features/account/ButtonLink';
import { QueryState } from '../../features/common/QueryState';
import { jobKeys } from '../api/jobs';
import {
  createRawData,
  fetchRawData,
  RAW_CONTENT_TYPES,
  rawDataKeys,
  updateRawData,
  type RawContentType,
  type RawDataDetail,
} from '../api/raw-data';
import { AdminForm } from '../common/AdminForm';
import { AdminPage } from '../common/AdminPage';
import { FieldFrame, inputId, TextAreaField, TextField } from '../common/fields';
import { InvalidId } from '../common/NotFound';
import { SchemaPicker } from '../common/SchemaPicker';
import { useAdminMutation } from '../common/use-admin-mutation';
import { useRecord } from '../common/use-record';

// /admin/data/raw/new (a page pasted in by hand, transformed by the workers like a crawled one)
// and /admin/data/raw/{id}/edit (correct a page; it is transformed again).

const FIELDS = ['url', 'content', 'content_type', 'schema_id'] as const;

interface Draft {
  url: string;
  content: string;
  content_type: RawContentType;
  schema_id: string;
}

const EMPTY: Draft = { url: '', content: '', content_type: 'text/html', schema_id: '' };

function RawDataForm(props: {
  initial: Draft;
  withSchema: boolean;
  submitText: string;
  pending: boolean;
  error: unknown;
  onSubmit(draft: Draft): void;
}) {
  const [draft, setDraft] = useState(props.initial);
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const error = props.error;
  return (
    <AdminForm
      label="Raw page"
      maxWidth={900}
      fields={FIELDS}
      error={error}
      errorFallback="Failed to save the raw page"
      submitText={props.submitText}
      pending={props.pending}
      onSubmit={() => props.onSubmit({ ...draft, url: draft.url.trim() })}
    >
      <TextField
        name="url"
        label="URL"
        required
        placeholder="https://example.com/page"
        help="Where the content comes from; ideas made from it link here."
        error={error}
        value={draft.url}
        onChange={(url) => set({ url })}
      />
      <div className="im-form-row">
        <FieldFrame name="content_type" label="Content type" error={error}>
          <HTMLSelect
            id={inputId('content_type')}
            value={draft.content_type}
            onChange={(e) => set({ content_type: e.currentTarget.value as RawContentType })}
          >
            {RAW_CONTENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </HTMLSelect>
        </FieldFrame>
        {props.withSchema && (
          <SchemaPicker
            name="schema_id"
            help="Automatic: detected from the content."
            error={error}
            value={draft.schema_id}
            onChange={(schema_id) => set({ schema_id })}
          />
        )}
      </div>
      <TextAreaField
        name="content"
        label="Content"
        required
        code
        rows={14}
        help="The page as fetched: HTML, JSON, a feed or plain text."
        error={error}
        value={draft.content}
        onChange={(content) => set({ content })}
      />
    </AdminForm>
  );
}

export function NewRawDataPage() {
  const { client } = useAuth();
  const navigate = useNavigate();
  const create = useAdminMutation({
    mutationFn: (d: Draft) =>
      createRawData(client, {
        url: d.url,
        content: d.content,
        content_type: d.content_type,
        ...(d.schema_id ? { schema_id: Number(d.schema_id) } : {}),
      }),
    invalidate: [rawDataKeys.all],
    success: (r) => `Raw page ${r.id} added; the workers transform it next`,
    errorFallback: 'Failed to save the raw page',
    toastErrors: false,
    onSuccess: (r) => void navigate({ to: '/admin/data/raw/$id', params: { id: String(r.id) } }),
  });
  return (
    <AdminPage
      title="New raw page"
      description="Paste a page by hand; the workers turn it into ideas like a crawled one."
      actions={<ButtonLink to="/admin/data/raw" text="Cancel" />}
    >
      <RawDataForm
        initial={EMPTY}
        withSchema
        submitText="Add raw page"
        pending={create.isPending}
        error={create.error}
        onSubmit={(d) => create.mutate(d)}
      />
    </AdminPage>
  );
}

const draftOf = (r: RawDataDetail): Draft => ({
  url: r.url,
  content: r.content,
  content_type: (RAW_CONTENT_TYPES as string[]).includes(r.content_type)
    ? (r.content_type as RawContentType)
    : 'text/html',
  schema_id: '',
});

export function EditRawDataPage() {
  const { client } = useAuth();
  const navigate = useNavigate();
  const { id, query: raw } = useRecord(rawDataKeys.detail, fetchRawData);
  const update = useAdminMutation({
    mutationFn: (d: Draft) => {
      const before = raw.data!;
      const changes = {
        ...(d.url !== before.url ? { url: d.url } : {}),
        ...(d.content !== before.content ? { content: d.content } : {}),
        ...(d.content_type !== before.content_type ? { content_type: d.content_type } : {}),
      };
      // Saving without a change still sends the content: the page is transformed again.
      return updateRawData(client, id, Object.keys(changes).length ? changes : { content: d.content });
    },
    invalidate: [rawDataKeys.all, jobKeys.all],
    success: 'Raw page saved; the workers transform it again',
    errorFallback: 'Failed to save the raw page',
    toastErrors: false,
    onSuccess: () => void navigate({ to: '/admin/data/raw/$id', params: { id: String(id) } }),
  });
  if (!Number.isFinite(id)) return <InvalidId what="raw page" back="/admin/data/raw" />;
  return (
    <AdminPage
      title={`Edit raw page ${id}`}
      actions={<ButtonLink to="/admin/data/raw/$id" params={{ id: String(id) }} text="Cancel" />}
    >
      <QueryState query={raw} errorFallback="Failed to fetch the raw page">
        {(r) => (
          <RawDataForm
            key={r.updated_at}
            initial={draftOf(r)}
            withSchema={false}
            submitText="Save"
            pending={update.isPending}
            error={update.error}
            onSubmit={(d) => update.mutate(d)}
          />
        )}
      </QueryState>
    </AdminPage>
  );
}
