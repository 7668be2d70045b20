import { HTMLSelect } from '@blueprintjs/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { ApiClientError } from '../../api/errors';
import { useAuth } from '../../auth/AuthProvider';
import { ButtonLink } from '../../features/account/ButtonLink';
import { QueryState } from '../../features/common/QueryState';
import {
  createSchema,
  fetchSchema,
  schemaKeys,
  updateSchema,
  type ExtractionSchema,
  type SchemaInput,
} from '../api/schemas';
import { AdminForm } from '../common/AdminForm';
import { AdminPage } from '../common/AdminPage';
import { FieldFrame, inputId, TextAreaField, TextField } from '../common/fields';
import { linesOf } from '../common/lines';
import { localFieldError } from '../common/local-error';
import { InvalidId } from '../common/NotFound';
import { useAdminMutation } from '../common/use-admin-mutation';
import { useRecord } from '../common/use-record';
import { SCHEMA_TYPE_LABELS } from './SchemasPage';

// /admin/schemas/new and /admin/schemas/{id}/edit. `fields` is structured, so it is edited as
// JSON: a parse error shows under the field before anything is sent, the API's refusals
// (fields.title, follow_patterns, name taken) under theirs.

const FIELDS = ['name', 'description', 'type', 'item_selector', 'fields', 'follow_patterns'] as const;
const FIELD_KEYS = 'title, url, body, summary, author, published_at, url_template';

interface Draft {
  name: string;
  description: string;
  type: ExtractionSchema['type'];
  item_selector: string;
  fields: string;
  follow_patterns: string;
}

const EMPTY: Draft = {
  name: '',
  description: '',
  type: 'html',
  item_selector: '',
  fields: '{\n}',
  follow_patterns: '',
};

const draftOf = (s: ExtractionSchema): Draft => ({
  name: s.name,
  description: s.description,
  type: s.type,
  item_selector: s.item_selector ?? '',
  fields: JSON.stringify(s.fields, null, 2),
  follow_patterns: s.follow_patterns.join('\n'),
});

/** The JSON text of `fields` as an object, or an error naming the field. */
export function parseFields(text: string): { value: Record<string, string> } | { error: ApiClientError } {
  if (!text.trim()) return { value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { error: localFieldError('fields', `fields is not valid JSON: ${(e as Error).message}`) };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { error: localFieldError('fields', 'fields must be a JSON object such as {"title": "h1"}') };
  return { value: value as Record<string, string> };
}

function SchemaForm(props: {
  initial: Draft;
  submitText: string;
  pending: boolean;
  error: unknown;
  onSubmit(body: SchemaInput): void;
}) {
  const [draft, setDraft] = useState(props.initial);
  const [jsonError, setJsonError] = useState<ApiClientError | null>(null);
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const error = jsonError ?? props.error;
  const submit = () => {
    const fields = parseFields(draft.fields);
    if ('error' in fields) {
      setJsonError(fields.error);
      return;
    }
    setJsonError(null);
    props.onSubmit({
      name: draft.name.trim(),
      description: draft.description.trim(),
      type: draft.type,
      item_selector: draft.item_selector.trim() || null,
      fields: fields.value,
      follow_patterns: linesOf(draft.follow_patterns),
    });
  };
  return (
    <AdminForm
      label="Schema"
      maxWidth={720}
      fields={FIELDS}
      error={error}
      errorFallback="Failed to save the schema"
      submitText={props.submitText}
      pending={props.pending}
      onSubmit={submit}
    >
      <TextField
        name="name"
        label="Name"
        required
        maxLength={100}
        error={error}
        value={draft.name}
        onChange={(name) => set({ name })}
      />
      <TextAreaField
        name="description"
        label="Description"
        rows={2}
        maxLength={1000}
        error={error}
        value={draft.description}
        onChange={(description) => set({ description })}
      />
      <div className="im-form-row">
        <FieldFrame name="type" label="Type" error={error}>
          <HTMLSelect
            id={inputId('type')}
            value={draft.type}
            onChange={(e) => set({ type: e.currentTarget.value as Draft['type'] })}
          >
            {(Object.keys(SCHEMA_TYPE_LABELS) as Draft['type'][]).map((t) => (
              <option key={t} value={t}>
                {SCHEMA_TYPE_LABELS[t]}
              </option>
            ))}
          </HTMLSelect>
        </FieldFrame>
        <TextField
          name="item_selector"
          label="Item selector"
          maxLength={300}
          placeholder={draft.type === 'json' ? 'hits or data.children' : 'article.post'}
          help={
            draft.type === 'json'
              ? 'Path to the list of items in the JSON answer.'
              : 'CSS selector of one item; empty for one idea per page.'
          }
          error={error}
          value={draft.item_selector}
          onChange={(item_selector) => set({ item_selector })}
        />
      </div>
      <TextAreaField
        name="fields"
        label="Fields (JSON)"
        code
        rows={8}
        help={`A JSON object from field to selector or path. Keys: ${FIELD_KEYS}. title is required for json schemas and html schemas with an item selector.`}
        error={error}
        value={draft.fields}
        onChange={(fields) => {
          set({ fields });
          setJsonError(null);
        }}
      />
      <TextAreaField
        name="follow_patterns"
        label="Follow patterns"
        code
        rows={3}
        help="Regular expressions, one per line: links the crawler follows from pages of this kind (at most 20)."
        error={error}
        value={draft.follow_patterns}
        onChange={(follow_patterns) => set({ follow_patterns })}
      />
    </AdminForm>
  );
}

export function NewSchemaPage() {
  const { client } = useAuth();
  const navigate = useNavigate();
  const create = useAdminMutation({
    mutationFn: (body: SchemaInput) => createSchema(client, body),
    invalidate: [schemaKeys.all],
    success: (s) => `Schema ${s.name} created`,
    errorFallback: 'Failed to save the schema',
    toastErrors: false,
    onSuccess: (s) => void navigate({ to: '/admin/schemas/$id', params: { id: String(s.id) } }),
  });
  return (
    <AdminPage title="New schema" actions={<ButtonLink to="/admin/schemas" text="Cancel" />}>
      <SchemaForm
        initial={EMPTY}
        submitText="Create schema"
        pending={create.isPending}
        error={create.error}
        onSubmit={(body) => create.mutate(body)}
      />
    </AdminPage>
  );
}

export function EditSchemaPage() {
  const { client } = useAuth();
  const navigate = useNavigate();
  const { id, query: schema } = useRecord(schemaKeys.detail, fetchSchema);
  const update = useAdminMutation({
    mutationFn: (body: SchemaInput) => updateSchema(client, id, body),
    invalidate: [schemaKeys.all],
    success: (s) => `Schema ${s.name} saved`,
    errorFallback: 'Failed to save the schema',
    toastErrors: false,
    onSuccess: () => void navigate({ to: '/admin/schemas/$id', params: { id: String(id) } }),
  });
  if (!Number.isFinite(id)) return <InvalidId what="schema" back="/admin/schemas" />;
  return (
    <AdminPage
      title={schema.data ? `Edit schema: ${schema.data.name}` : 'Edit schema'}
      actions={<ButtonLink to="/admin/schemas/$id" params={{ id: String(id) }} text="Cancel" />}
    >
      <QueryState query={schema} errorFallback="Failed to fetch the schema">
        {(s) => (
          <SchemaForm
            key={s.updated_at}
            initial={draftOf(s)}
            submitText="Save"
            pending={update.isPending}
            error={update.error}
            onSubmit={(body) => update.mutate(body)}
          />
        )}
      </QueryState>
    </AdminPage>
  );
}
