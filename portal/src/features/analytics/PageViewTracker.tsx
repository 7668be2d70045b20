import { useRouterState } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { useAuth } from '../../auth/AuthProvider';
import { createTracker } from './tracker';

/** Sends a page_view for every page the visitor opens, when analytics consent allows it. */
export function PageViewTracker() {
  const { client } = useAuth();
  const tracker = useMemo(() => createTracker(client), [client]);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => tracker.track('page_view'), [tracker, pathname]);
  return null;
}
