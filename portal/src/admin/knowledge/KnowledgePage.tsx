import { Button, HTMLSelect, Icon, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { KNOWLEDGE_SORTS, PROFIT_LABELS } from '@ideamine/shared/contract/knowledge';
import { formatCount, formatTimestamp } from '@ideamine/shared/format';
import { can } from '@ideamine/shared/permissions';
import { useAuth } from '../../auth/AuthProvider';
import { categoriesQuery } from '../../queries/ideas';
import {
  batchEnrichKnowledge,
  fetchKnowledgeList,
  knowledgeKeys,
  type KnowledgeFilters,
  type KnowledgeListItem,
} from '../api/knowledge';
import { AdminPage } from '../common/AdminPage';
import { ClearFilters, FilterSelect } from '../common/filters';
import { useSearchState } from '../common/screen';
import { useAdminMutation } from '../common/use-admin-mutation';
import { profitText } from './profit-text';
import { DataTable, type DataColumn, type RowKey } from '../table/DataTable';
import { useRemoteRows } from '../table/row-source';
import { SearchBox } from '../users/SearchBox';
import {
  booleanParam,
  booleanQuery,
  enumParam,
  orderParam,
  positiveIntParam,
  sortParam,
  textParam,
  YES_NO,
} from '../users/search-params';

// /admin/knowledge: every live idea with filters in the URL (text, tag, category, profit level,
// visibility, job, enrichment), sortable columns, and a bulk "Enrich" for checked rows.

const VISIBILITIES = ['public', 'private'] as const;

const searchSchema = z.object({
  search: textParam(),
  tag: textParam(100),
  category: textParam(100),
  profit_level: enumParam(PROFIT_LABELS),
  visibility: enumParam(VISIBILITIES),
  job_id: positiveIntParam(),
  enriched: booleanParam(),
  sort: sortParam(KNOWLEDGE_SORTS, 'created_at'),
  order: orderParam(),
});
type Search = z.infer<typeof searchSchema>;

export function VisibilityTag({ visibility }: { visibility: 'public' | 'private' }) {
  return visibility === 'public' ? (
    <Tag minimal icon="globe">
      public
    </Tag>
  ) : (
    <Tag minimal intent="warning" icon="lock">
      private
    </Tag>
  );
}

const COLUMNS: DataColumn<KnowledgeListItem>[] = [
  {
    id: 'title',
    name: 'Title',
    width: 250,
    sortable: true,
    text: (k) => k.title,
    render: (k) => (
      <Link to="/admin/knowledge/$id" params={{ id: String(k.id) }}>
        {k.title}
      </Link>
    ),
  },
  { id: 'profit_score', name: 'Profit', width: 110, sortable: true, text: profitText },
  {
    id: 'visibility',
    name: 'Visibility',
    width: 90,
    sortable: true,
    text: (k) => k.visibility,
    render: (k) => <VisibilityTag visibility={k.visibility} />,
  },
  {
    id: 'editor_pick',
    name: 'Pick',
    width: 60,
    sortable: true,
    text: (k) => (k.editor_pick ? "Editor's pick" : ''),
    render: (k) => (k.editor_pick ? <Icon icon="star" intent="warning" title="Editor's pick" /> : null),
  },
  {
    id: 'vote_score',
    name: 'Votes',
    width: 70,
    sortable: true,
    text: (k) => `${k.vote_score} (+${k.upvotes} / -${k.downvotes})`,
  },
  { id: 'categories', name: 'Categories', width: 160, text: (k) => k.categories.join(', ') },
  { id: 'source_domain', name: 'Source', width: 120, text: (k) => k.source_domain },
  {
    id: 'enriched_at',
    name: 'Enriched',
    width: 110,
    text: (k) => (k.enriched_at ? formatTimestamp(k.enriched_at) : 'No'),
  },
  { id: 'created_at', name: 'Created', width: 110, sortable: true, text: (k) => formatTimestamp(k.created_at) },
];

function Filters(props: { search: Search; set(patch: Partial<Search>): void }) {
  const { client } = useAuth();
  const categories = useQuery(categoriesQuery(client));
  const { search, set } = props;
  const any = (['search', 'tag', 'category', 'profit_level', 'visibility', 'job_id', 'enriched'] as const).some(
    (k) => search[k] !== undefined,
  );
  return (
    <>
      <SearchBox
        label="Search knowledge"
        placeholder="Title, summary or URL"
        value={search.search}
        onChange={(value) => set({ search: value })}
      />
      {search.tag && (
        <Tag large onRemove={() => set({ tag: undefined })} icon="tag">
          {search.tag}
        </Tag>
      )}
      {search.job_id && (
        <Tag large onRemove={() => set({ job_id: undefined })} icon="build">
          Job {search.job_id}
        </Tag>
      )}
      <HTMLSelect
        aria-label="Category"
        value={search.category ?? ''}
        onChange={(e) => set({ category: e.currentTarget.value || undefined })}
      >
        <option value="">All categories</option>
        {search.category && !categories.data?.some((c) => c.slug === search.category) && (
          <option value={search.category}>{search.category}</option>
        )}
        {(categories.data ?? []).map((c) => (
          <option key={c.slug} value={c.slug}>
            {c.name}
          </option>
        ))}
      </HTMLSelect>
      <FilterSelect
        label="Profit level"
        anyText="Any profit level"
        value={search.profit_level}
        options={PROFIT_LABELS}
        onChange={(profit_level) => set({ profit_level })}
      />
      <FilterSelect
        label="Visibility"
        anyText="Any visibility"
        value={search.visibility}
        options={VISIBILITIES}
        optionText={(v) => (v === 'public' ? 'Public' : 'Private')}
        onChange={(visibility) => set({ visibility })}
      />
      <FilterSelect
        label="Enrichment"
        anyText="Enriched or not"
        value={booleanQuery(search.enriched)}
        options={YES_NO}
        optionText={(v) => (v === 'true' ? 'Enriched' : 'Not enriched')}
        onChange={(v) => set({ enriched: v === undefined ? undefined : v === 'true' })}
      />
      <ClearFilters
        active={any}
        onClear={() =>
          set({
            search: undefined,
            tag: undefined,
            category: undefined,
            profit_level: undefined,
            visibility: undefined,
            job_id: undefined,
            enriched: undefined,
          })
        }
      />
    </>
  );
}

export function KnowledgePage() {
  const { client, user } = useAuth();
  const [search, setSearch] = useSearchState(searchSchema);
  const [selected, setSelected] = useState<Map<RowKey, KnowledgeListItem>>(new Map());
  const canEnrich = can(user, 'knowledge', 'enrich');
  const filters: KnowledgeFilters = { ...search, enriched: booleanQuery(search.enriched) };
  const rows = useRemoteRows({
    queryKey: knowledgeKeys.list(filters),
    fetchPage: (page, size) => fetchKnowledgeList(client, filters, page, size),
  });
  const enrich = useAdminMutation({
    mutationFn: (ids: number[]) => batchEnrichKnowledge(client, ids),
    invalidate: [knowledgeKeys.all],
    success: (r) =>
      `${formatCount(r.queued)} ${r.queued === 1 ? 'idea' : 'ideas'} queued for enrichment` +
      (r.not_found.length ? ` (${formatCount(r.not_found.length)} no longer exist)` : ''),
    errorFallback: 'Failed to queue the enrichment',
    onSuccess: () => setSelected(new Map()),
  });
  return (
    <AdminPage
      title="Knowledge"
      description="Every live idea the pipeline produced or people submitted. Deleted ideas wait in Recovery."
    >
      <div className="im-filters" role="group" aria-label="Knowledge filters">
        <Filters search={search} set={setSearch} />
      </div>
      <DataTable
        label="Knowledge"
        columns={COLUMNS}
        rows={rows}
        rowKey={(k) => k.id}
        unit="ideas"
        sort={{ column: search.sort, order: search.order }}
        onSort={(s) => setSearch({ sort: s.column as Search['sort'], order: s.order })}
        selected={canEnrich ? selected : undefined}
        onSelectedChange={canEnrich ? setSelected : undefined}
        toolbar={
          canEnrich && (
            <Button
              icon="clean"
              intent="primary"
              text={selected.size ? `Enrich ${formatCount(selected.size)}` : 'Enrich'}
              title="Enrich and analyse the checked ideas again"
              disabled={selected.size === 0}
              loading={enrich.isPending}
              onClick={() => enrich.mutate([...selected.keys()].map(Number))}
            />
          )
        }
        emptyMessage="No ideas match these filters."
        errorFallback="Failed to fetch knowledge"
      />
    </AdminPage>
  );
}
