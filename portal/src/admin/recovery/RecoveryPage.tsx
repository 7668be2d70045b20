import { InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { z } from 'zod';
import { formatCount, formatCountOf, formatTimestamp } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { fetchDeletedIdeas, purgeIdea, recoveryKeys, restoreIdea, type DeletedIdea } from '../api/recovery';
import { AdminPage } from '../common/AdminPage';
import { ConfirmButton } from '../common/ConfirmButton';
import { useSearchState } from '../common/screen';
import { useAdminMutation } from '../common/use-admin-mutation';
import { DataTable, type DataColumn, type RowKey } from '../table/DataTable';
import { useRemoteRows } from '../table/row-source';

// /admin/recovery: deleted ideas, most recently deleted first. Check some and restore them, or
// purge them for good (that cannot be undone).

const searchSchema = z.object({ search: z.string().max(200).optional().catch(undefined) });

const COLUMNS: DataColumn<DeletedIdea>[] = [
  { id: 'id', name: 'Id', width: 70, text: (r) => String(r.id) },
  { id: 'title', name: 'Title', width: 360, text: (r) => r.title },
  { id: 'source_domain', name: 'Source', width: 170, text: (r) => r.source_domain },
  { id: 'visibility', name: 'Visibility', width: 90, text: (r) => r.visibility },
  { id: 'deleted_at', name: 'Deleted', width: 170, text: (r) => formatTimestamp(r.deleted_at) },
  { id: 'created_at', name: 'Created', width: 170, text: (r) => formatTimestamp(r.created_at) },
];

/** Runs one call per checked idea; the toast counts what worked and what did not. */
async function each(ids: number[], act: (id: number) => Promise<unknown>) {
  const results = await Promise.allSettled(ids.map(act));
  const failed = results.filter((r) => r.status === 'rejected').length;
  if (failed === ids.length) throw (results[0] as PromiseRejectedResult).reason;
  return { done: ids.length - failed, failed };
}

const summary = (verb: string) => (r: { done: number; failed: number }) =>
  `${verb} ${formatCountOf(r.done, 'idea')}${r.failed ? `; ${formatCount(r.failed)} failed` : ''}`;

export function RecoveryPage() {
  const { client } = useAuth();
  const [search, setSearch] = useSearchState(searchSchema);
  const [draft, setDraft] = useState(search.search ?? '');
  const [selected, setSelected] = useState<Map<RowKey, DeletedIdea>>(new Map());
  const rows = useRemoteRows({
    queryKey: [...recoveryKeys.all, 'list', search.search ?? ''],
    fetchPage: (page, size) => fetchDeletedIdeas(client, search.search ?? '', page, size),
  });
  const ids = [...selected.keys()].map(Number);
  const done = () => setSelected(new Map());
  const restore = useAdminMutation({
    mutationFn: (list: number[]) => each(list, (id) => restoreIdea(client, id)),
    invalidate: [['admin']],
    success: summary('Restored'),
    errorFallback: 'Failed to restore the ideas',
    onSuccess: done,
  });
  const purge = useAdminMutation({
    mutationFn: (list: number[]) => each(list, (id) => purgeIdea(client, id)),
    invalidate: [recoveryKeys.all],
    success: summary('Purged'),
    errorFallback: 'Failed to purge the ideas',
    onSuccess: done,
  });
  return (
    <AdminPage
      title="Knowledge recovery"
      description="Deleted ideas stay here until restored or purged. Restoring brings an idea back exactly as it was, with its votes and sources."
    >
      <form
        className="im-filters"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch({ search: draft.trim() || undefined });
        }}
      >
        <InputGroup
          type="search"
          leftIcon="search"
          placeholder="Search titles"
          aria-label="Search deleted ideas"
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
        />
      </form>
      <DataTable
        label="Deleted ideas"
        columns={COLUMNS}
        rows={rows}
        rowKey={(r) => r.id}
        selected={selected}
        onSelectedChange={setSelected}
        unit="deleted ideas"
        emptyMessage={
          search.search ? 'No deleted idea matches this search.' : 'Nothing to recover: no idea is deleted.'
        }
        errorFallback="Failed to fetch deleted ideas"
        toolbar={
          <>
            <ConfirmButton
              text={`Restore (${ids.length})`}
              icon="undo"
              intent="success"
              disabled={ids.length === 0}
              loading={restore.isPending}
              confirmText="Restore"
              onConfirm={() => restore.mutate(ids)}
            >
              Restore {formatCountOf(ids.length, 'idea')}? They return to the knowledge base and, when public, to the
              portal.
            </ConfirmButton>
            <ConfirmButton
              text={`Purge (${ids.length})`}
              icon="trash"
              intent="danger"
              disabled={ids.length === 0}
              loading={purge.isPending}
              confirmText="Purge for good"
              onConfirm={() => purge.mutate(ids)}
            >
              Purge {formatCountOf(ids.length, 'idea')} for good? Their votes, sources and history go too. This cannot
              be undone.
            </ConfirmButton>
          </>
        }
      />
    </AdminPage>
  );
}
