import '@blueprintjs/core/lib/css/blueprint.css';
import '@ideamine/portal/styles.css';
import './desktop.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useCallback, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { DesktopSettings } from '@ideamine/shared/ipc';
import { ApiClient } from '@ideamine/portal/api/client';
import { ApiClientError } from '@ideamine/portal/api/errors';
import { AuthProvider } from '@ideamine/portal/auth/AuthProvider';
import { installIconLoader } from '@ideamine/portal/layout/icon-loader';
import { NotificationsProvider } from '@ideamine/portal/layout/Notifications';
import { ThemeProvider } from '@ideamine/portal/layout/ThemeProvider';
import { createCachingFetch } from './cache/caching-fetch';
import { SnapshotCollector } from './cache/collector';
import { Connectivity } from './cache/connectivity';
import { sessionStorageFor } from './cache/session-bridge';
import { ConsoleProvider } from './console-context';
import { desktopApi } from './desktop-api';
import { createConsoleRouter } from './routes';

// The console's renderer: the portal's operator screens over an API client whose fetch keeps
// dashboard answers in the SQLite cache (main process), a session sealed by the main process,
// and the snapshot collector behind auto-refresh and notifications.

installIconLoader();

async function boot() {
  const api = desktopApi();
  const [initialSettings, session] = await Promise.all([api.settingsGet({}), api.sessionLoad({})]);
  const connectivity = new Connectivity();
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: (count, error) => count < 2 && !(error instanceof ApiClientError && (error.status ?? 500) < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
  let revalidating: ReturnType<typeof setTimeout> | null = null;
  // Typed here: the caching fetch asks the client who is signed in.
  const client: ApiClient = new ApiClient({
    storage: sessionStorageFor(session, api),
    baseUrl: initialSettings.server_url,
    fetch: createCachingFetch({
      cache: api,
      connectivity,
      viewer: () => client.session.user,
      startFromCache: true,
      // Live answers arrived behind the cached ones on screen: show them (once they have settled).
      onRevalidated: () => {
        if (revalidating) clearTimeout(revalidating);
        revalidating = setTimeout(() => void queryClient.invalidateQueries({ refetchType: 'active' }), 150);
      },
      onError: (error) => console.warn('metrics cache', error),
    }),
  });
  const collector = new SnapshotCollector(client, api);
  const router = createConsoleRouter(client);

  function App() {
    const [settings, setSettings] = useState<DesktopSettings>(initialSettings);
    const saveSettings = useCallback(async (patch: Partial<DesktopSettings>) => {
      const next = await api.settingsSet(patch);
      setSettings(next);
      return next;
    }, []);
    const services = useMemo(
      () => ({ api, connectivity, collector, settings, saveSettings }),
      [settings, saveSettings],
    );
    const onSignedOut = useCallback(() => {
      queryClient.clear();
      void router.navigate({ to: '/console/sign-in' });
    }, []);
    return (
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <ThemeProvider>
            <NotificationsProvider>
              <AuthProvider client={client} onSignedOut={onSignedOut}>
                <ConsoleProvider services={services}>
                  <RouterProvider router={router} />
                </ConsoleProvider>
              </AuthProvider>
            </NotificationsProvider>
          </ThemeProvider>
        </QueryClientProvider>
      </StrictMode>
    );
  }
  createRoot(document.getElementById('root')!).render(<App />);
}

boot().catch((error: unknown) => {
  document.getElementById('root')!.textContent =
    `The console could not start: ${error instanceof Error ? error.message : String(error)}`;
});
