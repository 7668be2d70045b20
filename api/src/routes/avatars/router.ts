import { z } from 'zod';
import {
  AVATAR_DATA_FIELD,
  AVATAR_FILE_FIELD,
  AVATAR_IMAGE_TYPES,
  avatarSchema,
  createAvatarBody,
  listAvatarsQuery,
  updateAvatarBody,
} from '@ideamine/shared/contract/avatars';
import { idParam, messageSchema } from '@ideamine/shared/contract/common';
import { paginate } from '@ideamine/shared/envelope';
import { can, permission } from '@ideamine/shared/permissions';
import { avatarDir, createAvatar, deleteAvatar, updateAvatar } from '@ideamine/server/commands/avatars';
import { notFound } from '@ideamine/server/errors';
import type { AuthState } from '../../middlewares/authenticate';
import type { MultipartSpec } from '../../middlewares/multipart-body';
import { presentAvatar } from '../../presenters/avatar';
import { findAvatar, listAvatars, type AvatarScope } from '@ideamine/server/queries/avatars';
import { extensionOf } from '@ideamine/server/storage/image-type';
import { readStoredFile } from '@ideamine/server/storage/stored-files';
import { defineRoute, ok, raw } from '../define';

// Avatars: customer personas with an optional profile image. Admins manage everyone's; others
// only their own. The image is served by its own route with headers that keep browsers from
// treating it as anything but an image.

const tag = 'Avatars';

const scopeOf = (auth: AuthState | null): AvatarScope => ({
  userId: auth!.user.id,
  seesAll: can(auth!.user, 'avatars', 'admin'),
});

const upload: MultipartSpec = {
  dataField: AVATAR_DATA_FIELD,
  fileField: AVATAR_FILE_FIELD,
  maxFileBytes: (config) => config.avatarMaxBytes,
  fileDescription:
    'a PNG, JPEG, GIF or WebP image (the type is read from its bytes) of at most AVATAR_MAX_BYTES (default 2 MB)',
};

export const avatarRoutes = [
  defineRoute({
    id: 'avatars.list',
    method: 'GET',
    path: '/avatars',
    summary: "The caller's avatars (admins: everyone's, or one user's with user_id); search by name",
    tag,
    requirement: permission('avatars', 'read'),
    query: listAvatarsQuery,
    response: z.array(avatarSchema),
    handler: async ({ app, auth, query }) => {
      const { rows, total } = await listAvatars(app.db, scopeOf(auth), query);
      return ok(rows.map(presentAvatar), { pagination: paginate(total, query.page, query.page_size) });
    },
  }),

  defineRoute({
    id: 'avatars.create',
    method: 'POST',
    path: '/avatars',
    summary: `Create an avatar: JSON, or multipart/form-data with the JSON fields in '${AVATAR_DATA_FIELD}' and the image in '${AVATAR_FILE_FIELD}'`,
    tag,
    requirement: permission('avatars', 'write'),
    body: createAvatarBody,
    multipart: upload,
    response: avatarSchema,
    successStatus: 201,
    handler: async ({ app, auth, body, file }) => ok(presentAvatar(await createAvatar(app, auth!.user.id, body, file))),
  }),

  defineRoute({
    id: 'avatars.get',
    method: 'GET',
    path: '/avatars/:id',
    summary: 'One avatar',
    tag,
    requirement: permission('avatars', 'read'),
    params: idParam,
    response: avatarSchema,
    handler: async ({ app, auth, params }) => {
      const row = await findAvatar(app.db, scopeOf(auth), params.id);
      if (!row) throw notFound('Avatar');
      return ok(presentAvatar(row));
    },
  }),

  defineRoute({
    id: 'avatars.update',
    method: 'PUT',
    path: '/avatars/:id',
    summary: `Change an avatar: JSON, or multipart/form-data with the JSON fields in '${AVATAR_DATA_FIELD}' and a new image in '${AVATAR_FILE_FIELD}' (replaces the old one); remove_image: true drops it`,
    tag,
    requirement: permission('avatars', 'write'),
    params: idParam,
    body: updateAvatarBody,
    multipart: upload,
    response: avatarSchema,
    handler: async ({ app, auth, params, body, file }) =>
      ok(presentAvatar(await updateAvatar(app, scopeOf(auth), params.id, body, file))),
  }),

  defineRoute({
    id: 'avatars.delete',
    method: 'DELETE',
    path: '/avatars/:id',
    summary: 'Delete an avatar and its stored image',
    tag,
    requirement: permission('avatars', 'delete'),
    params: idParam,
    response: messageSchema,
    handler: async ({ app, auth, params }) => {
      await deleteAvatar(app, scopeOf(auth), params.id);
      return ok({ message: 'Avatar deleted' });
    },
  }),

  defineRoute({
    id: 'avatars.image',
    method: 'GET',
    path: '/avatars/:id/image',
    summary: "An avatar's profile image (the bytes, with the type sniffed at upload)",
    tag,
    requirement: permission('avatars', 'read'),
    params: idParam,
    response: z.never(),
    rawResponse: { types: AVATAR_IMAGE_TYPES, description: 'The image' },
    handler: async ({ app, auth, params }) => {
      const row = await findAvatar(app.db, scopeOf(auth), params.id);
      if (!row?.image_file || !row.image_type) throw notFound('Avatar image');
      const bytes = await readStoredFile(avatarDir(app), row.image_file);
      if (!bytes) throw notFound('Avatar image');
      return raw(bytes, row.image_type, {
        'X-Content-Type-Options': 'nosniff',
        'Content-Disposition': `inline; filename="avatar.${extensionOf(row.image_type)}"`,
        'Content-Security-Policy': "default-src 'none'",
        'Cache-Control': 'private, max-age=300',
      });
    },
  }),
];
