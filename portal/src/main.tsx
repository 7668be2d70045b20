import '@blueprintjs/core/lib/css/blueprint.css';
import './styles.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiClient, type SignOutReason } from './api/client';
import { ApiClientError } from './api/errors';
import { memoryStorage } from './api/session-storage';
import { AuthProvider, useAuth } from './auth/AuthProvider';
import { NotificationsProvider } from './layout/Notifications';
import { ThemeProvider } from './layout/ThemeProvider';
import { installIconLoader } from './layout/icon-loader';
import { createAppRouter, type AppRouter } from './routes/tree';

installIconLoader();

// Portal entry: one API client, one query client and one router for the page's lifetime.

function localStorageOrMemory() {
  try {
    localStorage.setItem('ideamine.probe', '1');
    localStorage.removeItem('ideamine.probe');
    return localStorage;
  } catch {
    return memoryStorage();
  }
}

const client = new ApiClient({ storage: localStorageOrMemory() });
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      // Refused requests are final; only network trouble and server errors are retried.
      retry: (count, error) => count < 2 && !(error instanceof ApiClientError && (error.status ?? 500) < 500),
      refetchOnWindowFocus: false,
    },
  },
});

function RouterWithAuth({ router }: { router: AppRouter }) {
  const auth = useAuth();
  useEffect(() => {
    void router.invalidate(); // re-run guards when the user signs in or out
  }, [router, auth.user, auth.status]);
  return <RouterProvider router={router} context={{ auth, queryClient }} />;
}

function App() {
  const [router] = useState(() => createAppRouter({ queryClient, auth: undefined! }));
  const onSignedOut = useCallback(
    (reason: SignOutReason | undefined) => {
      queryClient.clear();
      const here = router.state.location.href;
      void router.navigate({ to: '/login', search: { redirect: here, reason } });
    },
    [router],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <NotificationsProvider>
          <AuthProvider client={client} onSignedOut={onSignedOut}>
            <RouterWithAuth router={router} />
          </AuthProvider>
        </NotificationsProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
