import { createRoute, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { linkCallbackSearch } from '../features/account/link-callback';
import { pageSearch } from '../features/account/page-search';
import { profileSearch } from '../features/account/profile-tabs';
import { profitSearch } from '../features/profit/profit-search';
import { projectIdOf } from '../features/projects/project-id';
import { Empty } from '../features/common/QueryState';
import { lazyPage } from './lazy-page';
import { guardedRoute } from './root';
const SharePage = lazyPage(() => import('../features/projects/SharePage'), 'SharePage');
const ProjectPage = lazyPage(() => import('../features/projects/ProjectPage'), 'ProjectPage');
const WatchlistsPage = lazyPage(() => import('../features/watchlists/WatchlistsPage'), 'WatchlistsPage');
const ProjectListPage = lazyPage(() => import('../features/projects/ProjectListPage'), 'ProjectListPage');
const NewProjectPage = lazyPage(() => import('../features/projects/NewProjectPage'), 'NewProjectPage');
const EditProjectPage = lazyPage(() => import('../features/projects/EditProjectPage'), 'EditProjectPage');
const ProfitAnalysisPage = lazyPage(() => import('../features/profit/ProfitAnalysisPage'), 'ProfitAnalysisPage');
const IdeaStormPage = lazyPage(() => import('../features/idea-storm/IdeaStormPage'), 'IdeaStormPage');
const HistoryPage = lazyPage(() => import('../features/idea-storm/HistoryPage'), 'HistoryPage');
const SettingsPage = lazyPage(() => import('../features/account/SettingsPage'), 'SettingsPage');
const ProfilePage = lazyPage(() => import('../features/account/ProfilePage'), 'ProfilePage');
const MyIdeasPage = lazyPage(() => import('../features/account/MyIdeasPage'), 'MyIdeasPage');
const LinkCallbackPage = lazyPage(() => import('../features/account/LinkCallbackPage'), 'LinkCallbackPage');

// The signed-in users' tools (spec s2, "Login required" and "role trial or higher"). Each route
// reads its URL (search params, path params) and hands plain values to its page; the guard
// layout has already checked sign-in, role and permission from shared/routes.ts.

const profileRoute = createRoute({
  getParentRoute: () => guardedRoute,
  path: '/my/profile',
  validateSearch: profileSearch,
  component: ProfileScreen,
});
function ProfileScreen() {
  const navigate = useNavigate();
  return (
    <ProfilePage
      tab={profileRoute.useSearch().tab}
      onTab={(tab) => navigate({ to: '/my/profile', search: { tab }, replace: true })}
    />
  );
}

const settingsRoute = createRoute({
  getParentRoute: () => guardedRoute,
  path: '/my/settings',
  component: SettingsPage,
});

const myIdeasRoute = createRoute({
  getParentRoute: () => guardedRoute,
  path: '/my/ideas',
  validateSearch: pageSearch,
  component: MyIdeasScreen,
});
function MyIdeasScreen() {
  const navigate = useNavigate();
  return (
    <MyIdeasPage
      page={myIdeasRoute.useSearch().page ?? 1}
      onPage={(page) => navigate({ to: '/my/ideas', search: { page } })}
    />
  );
}

const ideaStormRoute = createRoute({
  getParentRoute: () => guardedRoute,
  path: '/dashboard/idea-storm',
  component: IdeaStormPage,
});

const ideaStormHistoryRoute = createRoute({
  getParentRoute: () => guardedRoute,
  path: '/dashboard/idea-storm/history',
  validateSearch: pageSearch,
  component: IdeaStormHistoryScreen,
});
function IdeaStormHistoryScreen() {
  const navigate = useNavigate();
  return (
    <HistoryPage
      page={ideaStormHistoryRoute.useSearch().page ?? 1}
      onPage={(page) => navigate({ to: '/dashboard/idea-storm/history', search: { page } })}
    />
  );
}

const profitRoute = createRoute({
  getParentRoute: () => guardedRoute,
  path: '/dashboard/profit-analysis',
  validateSearch: profitSearch,
  component: ProfitScreen,
});
function ProfitScreen() {
  const navigate = useNavigate();
  return (
    <ProfitAnalysisPage
      batchId={profitRoute.useSearch().batch}
      ideaId={profitRoute.useSearch().idea}
      onBatch={(batch) => navigate({ to: '/dashboard/profit-analysis', search: { batch } })}
    />
  );
}

const projectsRoute = createRoute({
  getParentRoute: () => guardedRoute,
  path: '/my/projects',
  validateSearch: pageSearch,
  component: ProjectsScreen,
});
function ProjectsScreen() {
  const navigate = useNavigate();
  return (
    <ProjectListPage
      page={projectsRoute.useSearch().page ?? 1}
      onPage={(page) => navigate({ to: '/my/projects', search: { page } })}
    />
  );
}

const watchlistsRoute = createRoute({
  getParentRoute: () => guardedRoute,
  path: '/my/watchlists',
  validateSearch: pageSearch,
  component: WatchlistsScreen,
});
function WatchlistsScreen() {
  const navigate = useNavigate();
  return (
    <WatchlistsPage
      page={watchlistsRoute.useSearch().page ?? 1}
      onPage={(page) => navigate({ to: '/my/watchlists', search: { page } })}
    />
  );
}

const newProjectRoute = createRoute({
  getParentRoute: () => guardedRoute,
  path: '/my/projects/new',
  component: NewProjectPage,
});

/** A project route's page with the id from the path, or not found when it is not an id. */
function withProjectId(id: string, page: (projectId: number) => ReactNode) {
  const projectId = projectIdOf(id);
  return projectId === null ? <Empty icon="search" message="This project does not exist." /> : page(projectId);
}

const projectRoute = createRoute({
  getParentRoute: () => guardedRoute,
  path: '/my/projects/$id',
  component: ProjectScreen,
});
function ProjectScreen() {
  return withProjectId(projectRoute.useParams().id, (id) => <ProjectPage key={id} projectId={id} />);
}

const editProjectRoute = createRoute({
  getParentRoute: () => guardedRoute,
  path: '/my/projects/$id/edit',
  component: EditProjectScreen,
});
function EditProjectScreen() {
  return withProjectId(editProjectRoute.useParams().id, (id) => <EditProjectPage key={id} projectId={id} />);
}

const shareProjectRoute = createRoute({
  getParentRoute: () => guardedRoute,
  path: '/my/projects/$id/share',
  component: ShareProjectScreen,
});
function ShareProjectScreen() {
  return withProjectId(shareProjectRoute.useParams().id, (id) => <SharePage key={id} projectId={id} />);
}

const linkCallbackRoute = createRoute({
  getParentRoute: () => guardedRoute,
  path: '/auth/$provider/link-callback',
  validateSearch: linkCallbackSearch,
  component: LinkCallbackScreen,
});
function LinkCallbackScreen() {
  return <LinkCallbackPage provider={linkCallbackRoute.useParams().provider} search={linkCallbackRoute.useSearch()} />;
}

export const userToolRoutes = [
  profileRoute,
  settingsRoute,
  myIdeasRoute,
  ideaStormRoute,
  ideaStormHistoryRoute,
  profitRoute,
  projectsRoute,
  watchlistsRoute,
  newProjectRoute,
  projectRoute,
  editProjectRoute,
  shareProjectRoute,
  linkCallbackRoute,
];
