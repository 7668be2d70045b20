import {
  AVATAR_FILE_FIELD,
  DEMOGRAPHIC_KEYS,
  type CreateAvatarBody,
  type UpdateAvatarBody,
} from '@ideamine/shared/contract/avatars';
import type { AppContext } from '../context';
import { ApiError, notFound } from '../errors';
import type { UploadedFile } from '../storage/uploaded-file';
import { findAvatar, inScope, type AvatarRow, type AvatarScope } from '../queries/avatars';
import { sniffImageType, type ImageType } from '../storage/image-type';
import { removeStoredFile, storeFile, uploadDir } from '../storage/stored-files';

// Writes of avatars and their image files. A refused request changes nothing: everything is
// checked before a file is written, a file whose row fails to save is removed again, and an
// old image is removed only after the row that replaced it is committed.

export const avatarDir = (app: AppContext) => uploadDir(app.config.dataDir, 'avatars');

/** The uploaded image with its type from its own bytes; anything that is not one of ours is refused. */
function imageOf(file: UploadedFile | null): { bytes: Buffer; type: ImageType } | null {
  if (!file) return null;
  const type = sniffImageType(file.bytes);
  if (!type) {
    throw new ApiError(
      'VALIDATION_ERROR',
      `${AVATAR_FILE_FIELD} must be a PNG, JPEG, GIF or WebP image`,
      AVATAR_FILE_FIELD,
    );
  }
  return { bytes: file.bytes, type };
}

/** Only the keys given, so the stored object stays small and absent means unknown. */
const demographicsJson = (d: CreateAvatarBody['demographics']) =>
  JSON.stringify(Object.fromEntries(DEMOGRAPHIC_KEYS.flatMap((k) => (d[k] ? [[k, d[k]]] : []))));

/** Writes the file first; runs `save`; takes the file back when saving fails. */
async function withStoredImage<T>(
  app: AppContext,
  image: { bytes: Buffer; type: ImageType } | null,
  save: (stored: string | null) => Promise<T>,
): Promise<T> {
  const stored = image ? await storeFile(avatarDir(app), image.bytes, image.type.ext) : null;
  try {
    return await save(stored);
  } catch (err) {
    if (stored) await removeQuietly(app, stored);
    throw err;
  }
}

async function removeQuietly(app: AppContext, name: string): Promise<void> {
  await removeStoredFile(avatarDir(app), name).catch((err: unknown) =>
    app.log.warn({ err, file: name }, 'could not remove an avatar image'),
  );
}

export async function createAvatar(
  app: AppContext,
  userId: number,
  body: CreateAvatarBody,
  file: UploadedFile | null,
): Promise<AvatarRow> {
  const image = imageOf(file);
  return withStoredImage(app, image, (stored) =>
    app.db
      .insertInto('avatars')
      .values({
        user_id: userId,
        name: body.name,
        description: body.description,
        demographics: demographicsJson(body.demographics),
        goals: body.goals,
        pain_points: body.pain_points,
        image_file: stored,
        image_type: stored ? image!.type.mime : null,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

export async function updateAvatar(
  app: AppContext,
  scope: AvatarScope,
  id: number,
  body: UpdateAvatarBody,
  file: UploadedFile | null,
): Promise<AvatarRow> {
  if (file && body.remove_image) {
    throw new ApiError('VALIDATION_ERROR', `remove_image cannot be combined with ${AVATAR_FILE_FIELD}`, 'remove_image');
  }
  const image = imageOf(file);
  // Unknown or not the caller's: refuse before writing any file.
  if (!(await findAvatar(app.db, scope, id))) throw notFound('Avatar');

  const { row, replaced } = await withStoredImage(app, image, (stored) =>
    app.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('avatars')
        .select('image_file')
        .where('id', '=', id)
        .where(inScope(scope))
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw notFound('Avatar');
      const swapsImage = stored !== null || body.remove_image === true;
      const updated = await trx
        .updateTable('avatars')
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.demographics !== undefined ? { demographics: demographicsJson(body.demographics) } : {}),
          ...(body.goals !== undefined ? { goals: body.goals } : {}),
          ...(body.pain_points !== undefined ? { pain_points: body.pain_points } : {}),
          ...(swapsImage ? { image_file: stored, image_type: stored ? image!.type.mime : null } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { row: updated, replaced: swapsImage ? before.image_file : null };
    }),
  );
  if (replaced) await removeQuietly(app, replaced);
  return row;
}

export async function deleteAvatar(app: AppContext, scope: AvatarScope, id: number): Promise<void> {
  const row = await app.db
    .deleteFrom('avatars')
    .where('id', '=', id)
    .where(inScope(scope))
    .returning('image_file')
    .executeTakeFirst();
  if (!row) throw notFound('Avatar');
  if (row.image_file) await removeQuietly(app, row.image_file);
}
