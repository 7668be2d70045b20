import { lazyPage } from '../routes/lazy-page';
import { CONTENT_SCREENS } from './screens/content';
import { OPERATIONS_SCREENS } from './screens/operations';
import { PIPELINE_SCREENS } from './screens/pipeline';
import type { ScreenMap } from './screens/screen-map';

// Every operator screen by its route path (shared/src/routes.ts ADMIN_ROUTES), loaded on first
// visit. The web portal and the desktop console build their admin routes from this one map;
// a path missing here shows the holding page.

export const ADMIN_SCREENS: ScreenMap = {
  '/admin': lazyPage(() => import('./dashboard/AdminDashboard'), 'AdminDashboard'),
  ...PIPELINE_SCREENS,
  ...CONTENT_SCREENS,
  ...OPERATIONS_SCREENS,
};
