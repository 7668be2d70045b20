import { useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';

// The browser jumps to an address's #fragment on the first paint, before a page whose content
// comes from a query has the heading it names. Called by the part that renders once the content
// is there, this scrolls to that heading then (a shared or reloaded link lands where it points).

export function useScrollToHash(): void {
  const hash = useLocation({ select: (l) => l.hash });
  useEffect(() => {
    if (hash) document.getElementById(hash)?.scrollIntoView();
  }, [hash]);
}
