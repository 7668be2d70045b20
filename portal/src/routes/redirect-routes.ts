import { createRoute, redirect } from '@tanstack/react-router';
import { PORTAL_REDIRECTS } from '@ideamine/shared/routes';
import { rootRoute } from './root';

// Spec s2 redirects and the links the spec names outside the route table, from one list.

export const redirectRoutes = PORTAL_REDIRECTS.map(({ from, to }) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path: from,
    beforeLoad: ({ params }) => {
      const target = to.replace(/\$(\w+)/g, (_, name: string) =>
        encodeURIComponent((params as Record<string, string>)[name] ?? ''),
      );
      throw redirect({ href: target, replace: true });
    },
  }),
);
