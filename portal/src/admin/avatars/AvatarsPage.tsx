import { Button, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { z } from 'zod';
import { DEMOGRAPHIC_KEYS } from '@ideamine/shared/contract/avatars';
import { formatTimestamp } from '@ideamine/shared/format';
import { can } from '@ideamine/shared/permissions';
import { useAuth } from '../../auth/AuthProvider';
import { avatarKeys, deleteAvatar, fetchAvatars, type Avatar, type AvatarFilters } from '../api/avatars';
import { AdminPage } from '../common/AdminPage';
import { DeleteButton } from '../common/DeleteButton';
import { useSearchState } from '../common/screen';
import { useAdminMutation } from '../common/use-admin-mutation';
import { DataTable, type DataColumn } from '../table/DataTable';
import { useRemoteRows } from '../table/row-source';
import { SearchBox } from '../users/SearchBox';
import { positiveIntParam, textParam } from '../users/search-params';
import { AvatarDialog } from './AvatarDialog';
import { AvatarImage } from './AvatarImage';
import './avatars.css';

// /admin/avatars: customer personas with an optional profile image. Everyone sees their own;
// admins everyone's (and can narrow to one user). Create and edit happen in AvatarDialog.

const searchSchema = z.object({ search: textParam(120), user_id: positiveIntParam() });

function RowActions({
  avatar,
  canWrite,
  canDelete,
  onEdit,
}: {
  avatar: Avatar;
  canWrite: boolean;
  canDelete: boolean;
  onEdit(): void;
}) {
  const { client } = useAuth();
  const remove = useAdminMutation({
    mutationFn: () => deleteAvatar(client, avatar.id),
    invalidate: [avatarKeys.all],
    success: (r) => r.message || 'Avatar deleted',
    errorFallback: 'Failed to delete the avatar',
  });
  return (
    <span className="im-table-actions" role="group" aria-label={`Actions for ${avatar.name}`}>
      {canWrite && (
        <Button
          size="small"
          variant="minimal"
          icon="edit"
          text="Edit"
          aria-label={`Edit ${avatar.name}`}
          onClick={onEdit}
        />
      )}
      {canDelete && (
        <DeleteButton variant="minimal" pending={remove.isPending} onConfirm={() => remove.mutate()}>
          Delete the avatar “{avatar.name}” and its image? This cannot be undone.
        </DeleteButton>
      )}
    </span>
  );
}

export function AvatarsPage() {
  const { client, user } = useAuth();
  const [search, setSearch] = useSearchState(searchSchema);
  const canWrite = can(user, 'avatars', 'write');
  const canDelete = can(user, 'avatars', 'delete');
  const seesAll = can(user, 'avatars', 'admin');
  const [editing, setEditing] = useState<Avatar | 'new' | null>(null);
  const filters: AvatarFilters = { search: search.search, user_id: seesAll ? search.user_id : undefined };
  /** The owner filter takes a user id; anything else clears it. */
  const setOwner = (text: string) => {
    const v = text.trim();
    setSearch({ user_id: /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : undefined });
  };
  const rows = useRemoteRows({
    queryKey: avatarKeys.list(filters),
    fetchPage: (page, size) => fetchAvatars(client, filters, page, size),
  });
  const columns: DataColumn<Avatar>[] = [
    {
      id: 'name',
      name: 'Name',
      width: 230,
      text: (a) => a.name,
      render: (a) => (
        <span className="im-avatar-cell">
          <AvatarImage avatar={a} size={20} />
          {canWrite ? (
            <a
              role="button"
              tabIndex={0}
              onClick={() => setEditing(a)}
              onKeyDown={(e) => e.key === 'Enter' && setEditing(a)}
            >
              {a.name}
            </a>
          ) : (
            a.name
          )}
        </span>
      ),
    },
    ...(canWrite || canDelete
      ? [
          {
            id: 'actions',
            name: 'Actions',
            width: 140,
            text: () => '',
            render: (a: Avatar) => (
              <RowActions avatar={a} canWrite={canWrite} canDelete={canDelete} onEdit={() => setEditing(a)} />
            ),
          },
        ]
      : []),
    { id: 'description', name: 'Description', width: 220, text: (a) => a.description },
    {
      id: 'demographics',
      name: 'Demographics',
      width: 200,
      text: (a) => DEMOGRAPHIC_KEYS.flatMap((k) => (a.demographics[k] ? [a.demographics[k]] : [])).join(' · '),
    },
    { id: 'goals', name: 'Goals', width: 180, text: (a) => a.goals.join('; ') },
    { id: 'pain_points', name: 'Pain points', width: 180, text: (a) => a.pain_points.join('; ') },
    ...(seesAll ? [{ id: 'user_id', name: 'Owner', width: 80, text: (a: Avatar) => `User ${a.user_id}` }] : []),
    { id: 'updated_at', name: 'Updated', width: 130, text: (a) => formatTimestamp(a.updated_at) },
  ];
  return (
    <AdminPage
      title="Avatars"
      description={
        seesAll
          ? "Customer personas: who an idea is for. As an admin you see everyone's."
          : 'Customer personas: who an idea is for. You see your own.'
      }
      actions={canWrite && <Button intent="primary" icon="add" text="New avatar" onClick={() => setEditing('new')} />}
    >
      <DataTable
        label="Avatars"
        columns={columns}
        rows={rows}
        rowKey={(a) => a.id}
        unit="avatars"
        toolbar={
          <>
            <SearchBox
              label="Search avatars"
              placeholder="Name"
              value={search.search}
              onChange={(value) => setSearch({ search: value })}
            />
            {seesAll && (
              <InputGroup
                aria-label="Owner user id"
                placeholder="Owner user id"
                leftIcon="person"
                style={{ width: 150 }}
                defaultValue={search.user_id ? String(search.user_id) : ''}
                key={search.user_id ?? 'all'}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') setOwner(e.currentTarget.value);
                }}
                onBlur={(e) => setOwner(e.currentTarget.value)}
              />
            )}
          </>
        }
        emptyMessage={search.search || search.user_id ? 'No avatars match these filters.' : 'No avatars yet.'}
        errorFallback="Failed to fetch avatars"
      />
      {editing && <AvatarDialog avatar={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </AdminPage>
  );
}
