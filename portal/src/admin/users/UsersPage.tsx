import { Tag } from '@blueprintjs/core';
import { Link } from '@tanstack/react-router';
import { z } from 'zod';
import { USER_SORTS } from '@ideamine/shared/contract/users';
import { formatTimestamp, ROLE_BADGE_INTENT } from '@ideamine/shared/format';
import { isTrialExpired, ROLES } from '@ideamine/shared/permissions';
import { useAuth } from '../../auth/AuthProvider';
import { fetchUsers, userKeys, type AdminUser } from '../api/users';
import { AdminPage } from '../common/AdminPage';
import { FilterSelect } from '../common/filters';
import { useSearchState } from '../common/screen';
import { DataTable, type DataColumn } from '../table/DataTable';
import { useRemoteRows } from '../table/row-source';
import { SearchBox } from './SearchBox';
import { enumParam, orderParam, sortParam, textParam } from './search-params';

// /admin/users: every account, searchable by name, username or email, filtered by role and
// sorted from the column headers; search, role and sort live in the URL.

const searchSchema = z.object({
  search: textParam(),
  role: enumParam(ROLES),
  sort: sortParam(USER_SORTS, 'created_at'),
  order: orderParam(),
});

export function RoleTag({ role }: { role: AdminUser['role'] }) {
  return <Tag intent={ROLE_BADGE_INTENT[role]}>{role}</Tag>;
}

/** A date with its year ("May 6, 2031, 10:30"): trial ends can be years away. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'Unknown';
  return d.toLocaleString('en', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}

/** The trial end as operators need it: when, and whether it has passed. */
export function trialText(user: Pick<AdminUser, 'role' | 'trial_expires_at'>): string {
  if (!user.trial_expires_at) return user.role === 'trial' ? 'No end date' : '—';
  const when = formatDateTime(user.trial_expires_at);
  return user.role === 'trial' && isTrialExpired(user) ? `${when} (expired)` : when;
}

const fullName = (u: AdminUser) => [u.first_name, u.last_name].filter(Boolean).join(' ');

const COLUMNS: DataColumn<AdminUser>[] = [
  {
    id: 'username',
    name: 'Username',
    width: 150,
    sortable: true,
    text: (u) => u.username,
    render: (u) => (
      <Link to="/admin/users/$id" params={{ id: String(u.id) }}>
        {u.username}
      </Link>
    ),
  },
  { id: 'last_name', name: 'Name', width: 150, sortable: true, text: fullName },
  { id: 'email', name: 'Email', width: 210, sortable: true, text: (u) => u.email },
  {
    id: 'role',
    name: 'Role',
    width: 90,
    sortable: true,
    text: (u) => u.role,
    render: (u) => <RoleTag role={u.role} />,
  },
  { id: 'email_verified', name: 'Verified', width: 70, text: (u) => (u.email_verified ? 'Yes' : 'No') },
  {
    id: 'trial_expires_at',
    name: 'Trial expires',
    width: 170,
    text: trialText,
    render: (u) => (
      <span className={u.role === 'trial' && isTrialExpired(u) ? 'bp6-text-danger' : undefined}>{trialText(u)}</span>
    ),
  },
  { id: 'created_at', name: 'Created', width: 130, sortable: true, text: (u) => formatTimestamp(u.created_at) },
];

export function UsersPage() {
  const { client } = useAuth();
  const [search, setSearch] = useSearchState(searchSchema);
  const filters = { search: search.search, role: search.role, sort: search.sort, order: search.order };
  const rows = useRemoteRows({
    queryKey: userKeys.list(filters),
    fetchPage: (page, size) => fetchUsers(client, filters, page, size),
  });
  return (
    <AdminPage title="Users" description="Accounts, their roles and trials. Open a user to see or change the account.">
      <DataTable
        label="Users"
        columns={COLUMNS}
        rows={rows}
        rowKey={(u) => u.id}
        unit="users"
        sort={{ column: search.sort, order: search.order }}
        onSort={(s) => setSearch({ sort: s.column as (typeof USER_SORTS)[number], order: s.order })}
        toolbar={
          <>
            <SearchBox
              label="Search users"
              placeholder="Name, username or email"
              value={search.search}
              onChange={(value) => setSearch({ search: value })}
            />
            <FilterSelect
              label="Role"
              anyText="All roles"
              value={search.role}
              options={ROLES}
              onChange={(role) => setSearch({ role })}
            />
          </>
        }
        emptyMessage={search.search || search.role ? 'No users match these filters.' : 'No users yet.'}
        errorFallback="Failed to fetch users"
      />
    </AdminPage>
  );
}
