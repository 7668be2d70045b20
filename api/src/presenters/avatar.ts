import { DEMOGRAPHIC_KEYS, type Avatar } from '@ideamine/shared/contract/avatars';
import { API_BASE } from '@ideamine/shared/limits';
import type { AvatarRow } from '@ideamine/server/queries/avatars';

/** The stored file name stays inside the API: clients get a URL to the image route. */
export function presentAvatar(a: AvatarRow): Avatar {
  return {
    id: a.id,
    user_id: a.user_id,
    name: a.name,
    description: a.description,
    demographics: Object.fromEntries(
      DEMOGRAPHIC_KEYS.map((k) => [k, a.demographics[k] ?? null]),
    ) as Avatar['demographics'],
    goals: a.goals,
    pain_points: a.pain_points,
    has_image: a.image_file !== null,
    image_url: a.image_file !== null ? `${API_BASE}/avatars/${a.id}/image` : null,
    created_at: a.created_at.toISOString(),
    updated_at: a.updated_at.toISOString(),
  };
}
