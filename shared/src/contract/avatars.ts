import { z } from 'zod';
import { MAX_ID, pageQuery, text } from './common';

// Avatars (spec s3, s7): customer personas with an optional profile image (profile_file).

export const AVATAR_FILE_FIELD = 'profile_file';
/** The multipart part that carries the JSON fields when a profile_file is sent. */
export const AVATAR_DATA_FIELD = 'data';
export const AVATAR_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const AVATAR_MAX_LIST_ITEMS = 20;

export const DEMOGRAPHIC_KEYS = ['age_range', 'gender', 'location', 'occupation', 'income_level', 'education'] as const;
export type DemographicKey = (typeof DEMOGRAPHIC_KEYS)[number];

const demographics = z.strictObject(
  Object.fromEntries(DEMOGRAPHIC_KEYS.map((k) => [k, text(k, 100).optional()])) as Record<
    DemographicKey,
    z.ZodOptional<ReturnType<typeof text>>
  >,
  { error: 'demographics must be an object' },
);

const list = (field: string) =>
  z
    .array(text(`${field} items`, 300).pipe(z.string().min(1, { error: `${field} items must not be empty` })), {
      error: `${field} must be a list of strings`,
    })
    .max(AVATAR_MAX_LIST_ITEMS, { error: `${field} may hold at most ${AVATAR_MAX_LIST_ITEMS} items` });

const avatarFields = {
  name: text('name', 120).pipe(z.string().min(1, { error: 'name is required' })),
  description: text('description', 2000),
  demographics,
  goals: list('goals'),
  pain_points: list('pain_points'),
};

export const createAvatarBody = z
  .strictObject({
    name: avatarFields.name,
    description: avatarFields.description.default(''),
    demographics: avatarFields.demographics.default({}),
    goals: avatarFields.goals.default([]),
    pain_points: avatarFields.pain_points.default([]),
  })
  .meta({ id: 'CreateAvatar' });
export type CreateAvatarBody = z.infer<typeof createAvatarBody>;

export const updateAvatarBody = z
  .strictObject({
    name: avatarFields.name.optional(),
    description: avatarFields.description.optional(),
    /** Replaces the stored demographics as a whole. */
    demographics: avatarFields.demographics.optional(),
    goals: avatarFields.goals.optional(),
    pain_points: avatarFields.pain_points.optional(),
    /** true deletes the stored image (not together with a new profile_file). */
    remove_image: z.boolean({ error: 'remove_image must be true or false' }).optional(),
  })
  .meta({ id: 'UpdateAvatar' });
export type UpdateAvatarBody = z.infer<typeof updateAvatarBody>;

export const listAvatarsQuery = z.strictObject({
  ...pageQuery,
  search: text('search', 120).optional(),
  /** Admins only: one user's avatars. Others always see only their own. */
  user_id: z.coerce
    .number({ error: 'user_id must be a positive whole number' })
    .int({ error: 'user_id must be a positive whole number' })
    .positive({ error: 'user_id must be a positive whole number' })
    .max(MAX_ID, { error: 'user_id must be a positive whole number' })
    .optional(),
});
export type ListAvatarsQuery = z.infer<typeof listAvatarsQuery>;

export const avatarSchema = z
  .object({
    id: z.number(),
    user_id: z.number(),
    name: z.string(),
    description: z.string(),
    demographics: z.object(
      Object.fromEntries(DEMOGRAPHIC_KEYS.map((k) => [k, z.string().nullable()])) as Record<
        DemographicKey,
        z.ZodNullable<z.ZodString>
      >,
    ),
    goals: z.array(z.string()),
    pain_points: z.array(z.string()),
    has_image: z.boolean(),
    /** /api/v1/avatars/{id}/image when there is an image (needs the Bearer token), else null. */
    image_url: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Avatar' });
export type Avatar = z.infer<typeof avatarSchema>;
