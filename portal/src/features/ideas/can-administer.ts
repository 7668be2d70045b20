import type { User } from '@ideamine/shared/contract/users';
import { can, hasRole } from '@ideamine/shared/permissions';

/** Card controls for visibility and ownership: admins who also hold admin permission on knowledge. */
export const canAdministerIdeas = (user: User | null) => hasRole(user, 'admin') && can(user, 'knowledge', 'admin');
