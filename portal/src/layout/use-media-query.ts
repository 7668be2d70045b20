import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, following changes (window resize, system theme). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Spec s9: mobile view is under 600 px width. */
export const MOBILE_QUERY = '(max-width: 599.98px)';
export const useIsMobile = () => useMediaQuery(MOBILE_QUERY);
