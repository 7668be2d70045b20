import { lazyPage } from '../../routes/lazy-page';
import type { ScreenMap } from './screen-map';

// Content and configuration screens: users, knowledge, schemas, schedules, settings, avatars.

export const CONTENT_SCREENS: ScreenMap = {
  '/admin/users': lazyPage(() => import('../users/UsersPage'), 'UsersPage'),
  '/admin/users/$id': lazyPage(() => import('../users/UserDetailPage'), 'UserDetailPage'),
  '/admin/knowledge': lazyPage(() => import('../knowledge/KnowledgePage'), 'KnowledgePage'),
  '/admin/knowledge/$id': lazyPage(() => import('../knowledge/KnowledgeDetailPage'), 'KnowledgeDetailPage'),
  '/admin/knowledge/$id/edit': lazyPage(() => import('../knowledge/KnowledgeEditPage'), 'KnowledgeEditPage'),
  '/admin/schemas': lazyPage(() => import('../schemas/SchemasPage'), 'SchemasPage'),
  '/admin/schemas/new': lazyPage(() => import('../schemas/SchemaFormPage'), 'NewSchemaPage'),
  '/admin/schemas/$id': lazyPage(() => import('../schemas/SchemaDetailPage'), 'SchemaDetailPage'),
  '/admin/schemas/$id/edit': lazyPage(() => import('../schemas/SchemaFormPage'), 'EditSchemaPage'),
  '/admin/schedules': lazyPage(() => import('../schedules/SchedulesPage'), 'SchedulesPage'),
  '/admin/schedules/new': lazyPage(() => import('../schedules/ScheduleFormPage'), 'NewSchedulePage'),
  '/admin/schedules/$id': lazyPage(() => import('../schedules/ScheduleFormPage'), 'EditSchedulePage'),
  '/admin/settings': lazyPage(() => import('../settings/SettingsPage'), 'SettingsPage'),
  '/admin/avatars': lazyPage(() => import('../avatars/AvatarsPage'), 'AvatarsPage'),
};
