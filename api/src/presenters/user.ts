import type { User } from '@ideamine/shared/contract/users';
import { userWithoutSecrets, type UserRow } from '@ideamine/server/queries/users';

/** The only shape of a user the API returns: the server layer's snapshot without secrets. */
export function presentUser(u: UserRow): User {
  return userWithoutSecrets(u);
}
