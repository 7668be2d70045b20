// The operator screens, exported so the desktop console mounts the very same code (issue 8).
export { AdminDashboard } from './dashboard/AdminDashboard';
