import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useAuth } from '../../auth/AuthProvider';
import { ButtonLink } from '../../features/account/ButtonLink';
import { QueryState } from '../../features/common/QueryState';
import { keys } from '../../queries/keys';
import {
  fetchKnowledge,
  knowledgeKeys,
  updateKnowledge,
  type KnowledgeChanges,
  type KnowledgeItem,
} from '../api/knowledge';
import { AdminForm } from '../common/AdminForm';
import { AdminPage } from '../common/AdminPage';
import { TextAreaField, TextField } from '../common/fields';
import { linesOf } from '../common/lines';
import { InvalidId } from '../common/NotFound';
import { useAdminMutation } from '../common/use-admin-mutation';
import { useRecord } from '../common/use-record';

// /admin/knowledge/{id}/edit (knowledge:write): the idea's text and lists; lists are edited one
// entry per line. Only what changed is sent; the API's message shows under the field it names.

const LISTS = ['categories', 'keywords', 'tags', 'key_strengths'] as const;
const FIELDS = ['title', 'summary', 'body', ...LISTS] as const;
type ListField = (typeof LISTS)[number];

interface Draft {
  title: string;
  summary: string;
  body: string;
  categories: string;
  keywords: string;
  tags: string;
  key_strengths: string;
}

const draftOf = (k: KnowledgeItem): Draft => ({
  title: k.title,
  summary: k.summary,
  body: k.body,
  categories: k.categories.join('\n'),
  keywords: k.keywords.join('\n'),
  tags: k.tags.join('\n'),
  key_strengths: k.key_strengths.join('\n'),
});

function changesOf(idea: KnowledgeItem, draft: Draft): KnowledgeChanges {
  const changes: KnowledgeChanges = {};
  if (draft.title !== idea.title) changes.title = draft.title;
  if (draft.summary !== idea.summary) changes.summary = draft.summary;
  if (draft.body !== idea.body) changes.body = draft.body;
  for (const field of LISTS) {
    const list = linesOf(draft[field]);
    if (list.join('\n') !== idea[field].join('\n')) changes[field] = list;
  }
  return changes;
}

const LIST_HELP: Record<ListField, string> = {
  categories: 'One per line, at most 10 (category slugs such as saas or ai-ml).',
  keywords: 'One per line, at most 30.',
  tags: 'One per line, at most 30.',
  key_strengths: 'One per line, at most 10.',
};
const LIST_LABELS: Record<ListField, string> = {
  categories: 'Categories',
  keywords: 'Keywords',
  tags: 'Tags',
  key_strengths: 'Key strengths',
};

function KnowledgeForm({ idea }: { idea: KnowledgeItem }) {
  const { client } = useAuth();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(() => draftOf(idea));
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const changes = changesOf(idea, draft);
  const changed = Object.keys(changes).length > 0;
  const save = useAdminMutation({
    mutationFn: (body: KnowledgeChanges) => updateKnowledge(client, idea.id, body),
    invalidate: [knowledgeKeys.all, keys.ideas.all],
    success: (k) => `“${k.title}” saved`,
    errorFallback: 'Failed to save the idea',
    toastErrors: false,
    onSuccess: () => void navigate({ to: '/admin/knowledge/$id', params: { id: String(idea.id) } }),
  });
  return (
    <AdminForm
      label="Edit knowledge"
      maxWidth={880}
      fields={FIELDS}
      error={save.error}
      errorFallback="Failed to save the idea"
      submitText="Save"
      submitDisabled={!changed}
      pending={save.isPending}
      actions={<ButtonLink to="/admin/knowledge/$id" params={{ id: String(idea.id) }} text="Cancel" />}
      onSubmit={() => {
        if (changed) save.mutate(changes);
      }}
    >
      <TextField
        name="title"
        label="Title"
        error={save.error}
        value={draft.title}
        onChange={(title) => set({ title })}
      />
      <TextAreaField
        name="summary"
        label="Summary"
        rows={3}
        error={save.error}
        value={draft.summary}
        onChange={(summary) => set({ summary })}
      />
      <TextAreaField
        name="body"
        label="Body"
        rows={12}
        help="Plain text; it is never shown as HTML."
        error={save.error}
        value={draft.body}
        onChange={(body) => set({ body })}
      />
      <div className="im-form-row">
        {LISTS.map((field) => (
          <TextAreaField
            key={field}
            name={field}
            label={LIST_LABELS[field]}
            rows={5}
            help={LIST_HELP[field]}
            error={save.error}
            value={draft[field]}
            onChange={(value) => set({ [field]: value })}
          />
        ))}
      </div>
    </AdminForm>
  );
}

export function KnowledgeEditPage() {
  const { id, query: idea } = useRecord(knowledgeKeys.detail, fetchKnowledge);
  if (!Number.isFinite(id)) return <InvalidId what="knowledge item" back="/admin/knowledge" />;
  return (
    <AdminPage title={idea.data ? `Edit: ${idea.data.title}` : 'Edit knowledge'}>
      <QueryState query={idea} errorFallback="Failed to fetch the idea">
        {(k) => <KnowledgeForm key={k.updated_at} idea={k} />}
      </QueryState>
    </AdminPage>
  );
}
