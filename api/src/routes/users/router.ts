import { z } from 'zod';
import { idParam, messageSchema } from '@ideamine/shared/contract/common';
import { listUsersQuery, updateUserBody, userSchema } from '@ideamine/shared/contract/users';
import { paginate } from '@ideamine/shared/envelope';
import { permission, role } from '@ideamine/shared/permissions';
import { deleteUserAsAdmin, updateUserAsAdmin } from '@ideamine/server/commands/admin-users';
import { notFound } from '@ideamine/server/errors';
import { presentUser } from '../../presenters/user';
import { findUserById, listUsers } from '@ideamine/server/queries/users';
import { defineRoute, ok } from '../define';

const tag = 'Users';

export const userRoutes = [
  defineRoute({
    id: 'users.list',
    method: 'GET',
    path: '/users',
    summary: 'List users with search, role filter, sorting and paging',
    tag,
    requirement: permission('users', 'read'),
    query: listUsersQuery,
    response: z.array(userSchema),
    handler: async ({ app, query }) => {
      const { rows, total } = await listUsers(app.db, query);
      return ok(rows.map(presentUser), { pagination: paginate(total, query.page, query.page_size) });
    },
  }),

  defineRoute({
    id: 'users.get',
    method: 'GET',
    path: '/users/:id',
    summary: 'One user',
    tag,
    requirement: permission('users', 'read'),
    params: idParam,
    response: userSchema,
    handler: async ({ app, params }) => {
      const user = await findUserById(app.db, params.id);
      if (!user) throw notFound('User');
      return ok(presentUser(user));
    },
  }),

  defineRoute({
    id: 'users.update',
    method: 'PUT',
    path: '/users/:id',
    summary: "Change a user's role, trial end or email verification (audited)",
    tag,
    requirement: role('admin'),
    params: idParam,
    body: updateUserBody,
    response: userSchema,
    handler: async ({ app, auth, params, body, client, requestId }) => {
      const actor = { id: auth!.user.id, ip: client.ip, requestId };
      return ok(presentUser(await updateUserAsAdmin(app.db, actor, params.id, body)));
    },
  }),

  defineRoute({
    id: 'users.delete',
    method: 'DELETE',
    path: '/users/:id',
    summary: 'Delete a user (audited)',
    tag,
    requirement: role('admin'),
    params: idParam,
    response: messageSchema,
    handler: async ({ app, auth, params, client, requestId }) => {
      await deleteUserAsAdmin(app.db, { id: auth!.user.id, ip: client.ip, requestId }, params.id);
      return ok({ message: 'User deleted' });
    },
  }),
];
