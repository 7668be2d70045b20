import { Drawer } from '@blueprintjs/core';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { Suspense, useEffect, useState } from 'react';
import { CookieBanner } from '../features/analytics/CookieBanner';
import { Loading } from '../features/common/QueryState';
import { PageViewTracker } from '../features/analytics/PageViewTracker';
import { SETTING_KEYS, useSetting } from '../settings/local-settings';
import { AppBreadcrumbs } from './AppBreadcrumbs';
import { ErrorBoundary } from './ErrorBoundary';
import { ScrollToTop } from './ScrollToTop';
import { SIDEBAR_WIDTH, Sidebar, SidebarNav } from './Sidebar';
import { TopNav } from './TopNav';
import { usePageMeta } from './use-page-meta';
import { useIsMobile } from './use-media-query';
import { useAuth } from '../auth/AuthProvider';
import { drawerSections } from '@ideamine/shared/navigation';

// The page frame of spec s2: top navigation, the sidebar (under 600 px a drawer holding the top
// navigation too, so a phone reaches every section), breadcrumbs,
// the page inside the global error boundary, the scroll-to-top button and the cookie banner.

export function Shell() {
  const mobile = useIsMobile();
  const { user } = useAuth();
  const [collapsed, setCollapsed] = useSetting<boolean>(SETTING_KEYS.sidebarCollapsed, false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  usePageMeta(pathname);

  useEffect(() => setDrawerOpen(false), [pathname, mobile]);

  return (
    <div className="im-app">
      {/* The first Tab stop: past the navigation, straight to the page. */}
      <a className="im-skip-link" href="#main-content">
        Skip to content
      </a>
      <TopNav mobile={mobile} onMenu={() => setDrawerOpen(true)} />
      <div className="im-body">
        {mobile ? (
          <Drawer
            isOpen={drawerOpen}
            position="left"
            size={SIDEBAR_WIDTH}
            onClose={() => setDrawerOpen(false)}
            title="Ideamine"
            // Blueprint's drawer has no role: screen readers are told it is a modal dialog.
            onOpening={(drawer) => {
              drawer.setAttribute('role', 'dialog');
              drawer.setAttribute('aria-modal', 'true');
              drawer.setAttribute('aria-label', 'Navigation');
            }}
          >
            <div className="im-drawer-nav">
              <SidebarNav sections={drawerSections(user)} collapsed={false} onNavigate={() => setDrawerOpen(false)} />
            </div>
          </Drawer>
        ) : (
          <Sidebar collapsed={collapsed} onToggle={() => setCollapsed(!collapsed)} />
        )}
        <main className="im-main" id="main-content" tabIndex={-1}>
          <AppBreadcrumbs />
          <ErrorBoundary resetKey={pathname}>
            <Suspense fallback={<Loading />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
      </div>
      <ScrollToTop />
      <CookieBanner />
      <PageViewTracker />
    </div>
  );
}
