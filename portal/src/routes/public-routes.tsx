import { createRoute, redirect, type AnyRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { TRENDING_TIME_FILTERS } from '@ideamine/shared/limits';
import { authPageSearch } from '../features/auth/auth-search';
import { UserDashboard } from '../features/dashboard/UserDashboard';
import { IdeaListPage } from '../features/ideas/IdeaListPage';
import { ideaListSearch } from '../features/ideas/list-search';
import { searchParams } from '../features/search/search-params';
import { lazyPage } from './lazy-page';
import { rootRoute } from './root';
const IdeaDetailPage = lazyPage(() => import('../features/ideas/IdeaDetailPage'), 'IdeaDetailPage');
const TrendingPage = lazyPage(() => import('../features/trending/TrendingPage'), 'TrendingPage');
const SubmitPage = lazyPage(() => import('../features/submit/SubmitPage'), 'SubmitPage');
const NotificationsPage = lazyPage(() => import('../features/static/NotificationsPage'), 'NotificationsPage');
const LandingPage = lazyPage(() => import('../features/static/LandingPage'), 'LandingPage');
const AboutPage = lazyPage(() => import('../features/static/AboutPage'), 'AboutPage');
const AboutScoresPage = lazyPage(() => import('../features/static/AboutScoresPage'), 'AboutScoresPage');
const SharedProjectPage = lazyPage(() => import('../features/shared-project/SharedProjectPage'), 'SharedProjectPage');
const TrendingIdeasPage = lazyPage(() => import('../features/search/TrendingIdeasPage'), 'TrendingIdeasPage');
const SearchPage = lazyPage(() => import('../features/search/SearchPage'), 'SearchPage');
const CategoryPage = lazyPage(() => import('../features/categories/CategoryPage'), 'CategoryPage');
const CategoriesPage = lazyPage(() => import('../features/categories/CategoriesPage'), 'CategoriesPage');
const RegisterPage = lazyPage(() => import('../features/auth/RegisterPage'), 'RegisterPage');
const OAuthCallbackPage = lazyPage(() => import('../features/auth/OAuthCallbackPage'), 'OAuthCallbackPage');
const LoginPage = lazyPage(() => import('../features/auth/LoginPage'), 'LoginPage');

// Every public route of spec s2. Pages live in features/; these only bind paths and URL params.

type ListKind = 'all' | 'high-potential' | 'editor-picks' | 'community-favorites';
type Parent = () => AnyRoute;

export function ideaListRoute(parent: Parent, path: string, kind: ListKind) {
  const route = createRoute({ getParentRoute: parent, path, validateSearch: ideaListSearch, component: Screen });
  function Screen() {
    return <IdeaListPage kind={kind} search={route.useSearch()} path={path} />;
  }
  return route;
}

const pageSearch = z.object({ page: z.coerce.number().int().min(1).optional().catch(undefined) });
const trendingSearch = pageSearch.extend({
  time_filter: z.enum(TRENDING_TIME_FILTERS).optional().catch(undefined),
});

export function trendingRoute(parent: Parent, path: string) {
  const route = createRoute({ getParentRoute: parent, path, validateSearch: trendingSearch, component: Screen });
  function Screen() {
    const s = route.useSearch();
    return <TrendingPage timeFilter={s.time_filter ?? '30d'} page={s.page ?? 1} path={path} />;
  }
  return route;
}

const simple = (path: string, component: () => React.ReactNode) =>
  createRoute({ getParentRoute: () => rootRoute, path, component });

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  // Spec s2: a trend on the dashboard links to /?search={keyword}; that is a search.
  validateSearch: z.object({ search: z.string().optional().catch(undefined) }),
  beforeLoad: ({ search }) => {
    if (search.search) throw redirect({ to: '/search', search: { q: search.search } });
  },
  component: UserDashboard,
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: authPageSearch,
  component: () => <LoginPage search={loginRoute.useSearch()} />,
});

const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  validateSearch: authPageSearch,
  component: () => <RegisterPage search={registerRoute.useSearch()} />,
});

const oauthCallbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/$provider/callback',
  component: () => <OAuthCallbackPage provider={oauthCallbackRoute.useParams().provider} />,
});

const trendingIdeasRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/ideas/trending',
  validateSearch: pageSearch,
  component: () => <TrendingIdeasPage page={trendingIdeasRoute.useSearch().page ?? 1} path="/ideas/trending" />,
});

const ideaIdParams = {
  parse: (p: Record<string, string>) => ({ id: Number(p.id) }),
  stringify: (p: { id: number }) => ({ id: String(p.id) }),
};

const ideaRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/ideas/$id',
  params: ideaIdParams,
  component: function IdeaScreen() {
    const { id } = ideaRoute.useParams();
    return Number.isInteger(id) && id > 0 ? <IdeaDetailPage id={id} /> : <NotAnIdea />;
  },
});

const ideaSlugRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/ideas/$id/$slug',
  component: function IdeaScreen() {
    const { id, slug } = ideaSlugRoute.useParams();
    const n = Number(id);
    return Number.isInteger(n) && n > 0 ? <IdeaDetailPage id={n} slug={slug} /> : <NotAnIdea />;
  },
});

function NotAnIdea() {
  return <p>This is not an idea address.</p>;
}

const categoryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/categories/$slug',
  validateSearch: pageSearch,
  component: () => <CategoryPage slug={categoryRoute.useParams().slug} page={categoryRoute.useSearch().page ?? 1} />,
});

const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/search',
  validateSearch: searchParams,
  component: () => <SearchPage search={searchRoute.useSearch()} />,
});

const sharedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/shared/$token',
  component: () => <SharedProjectPage token={sharedRoute.useParams().token} />,
});

/** /knowledge?search= or ?tag= from the operations dashboard: the public search. */
const knowledgeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/knowledge',
  validateSearch: z.object({
    search: z.string().optional().catch(undefined),
    tag: z.string().optional().catch(undefined),
  }),
  beforeLoad: ({ search }) => {
    const q = search.search ?? search.tag;
    throw redirect({ to: q ? '/search' : '/ideas', search: q ? { q } : {} });
  },
});

export const publicRoutes = [
  homeRoute,
  simple('/landing', LandingPage),
  simple('/about', AboutPage),
  simple('/about/scores', AboutScoresPage),
  loginRoute,
  registerRoute,
  oauthCallbackRoute,
  ideaListRoute(() => rootRoute, '/ideas', 'all'),
  ideaListRoute(() => rootRoute, '/ideas/high-potential', 'high-potential'),
  ideaListRoute(() => rootRoute, '/ideas/editor-picks', 'editor-picks'),
  ideaListRoute(() => rootRoute, '/ideas/community-favorites', 'community-favorites'),
  trendingIdeasRoute,
  simple('/categories', CategoriesPage),
  categoryRoute,
  trendingRoute(() => rootRoute, '/trending'),
  searchRoute,
  ideaRoute,
  ideaSlugRoute,
  simple('/submit', SubmitPage),
  sharedRoute,
  simple('/notifications', NotificationsPage),
  knowledgeRoute,
];
