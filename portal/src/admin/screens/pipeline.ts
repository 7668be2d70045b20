import { lazyPage } from '../../routes/lazy-page';
import type { ScreenMap } from './screen-map';

// Pipeline screens: jobs, tasks and queue control, raw data.

export const PIPELINE_SCREENS: ScreenMap = {
  '/admin/jobs': lazyPage(() => import('../jobs/JobsPage'), 'JobsPage'),
  '/admin/jobs/new': lazyPage(() => import('../jobs/JobFormPage'), 'NewJobPage'),
  '/admin/jobs/$id': lazyPage(() => import('../jobs/JobDetailPage'), 'JobDetailPage'),
  '/admin/jobs/$id/edit': lazyPage(() => import('../jobs/JobFormPage'), 'EditJobPage'),
  '/admin/tasks': lazyPage(() => import('../tasks/TasksPage'), 'TasksPage'),
  '/admin/data/raw': lazyPage(() => import('../raw-data/RawDataPage'), 'RawDataPage'),
  '/admin/data/raw/new': lazyPage(() => import('../raw-data/RawDataFormPage'), 'NewRawDataPage'),
  '/admin/data/raw/$id': lazyPage(() => import('../raw-data/RawDataDetailPage'), 'RawDataDetailPage'),
  '/admin/data/raw/$id/edit': lazyPage(() => import('../raw-data/RawDataFormPage'), 'EditRawDataPage'),
};
