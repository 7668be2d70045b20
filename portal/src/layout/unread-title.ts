import { useEffect } from 'react';

// The tab's title carries the count of unread watchlist matches, "(3) Search · Ideamine", so a
// match that arrives while the tab sits in the background shows in the tab strip. Pages set
// their own titles as they load (use-page-meta.ts, pages with data), so the count is put back
// in front whenever the title changes.

const PREFIX = /^\(\d+\) /;

/** `title` with the unread count in front (none for 0), without a count it carried before. */
export function titleWithUnread(title: string, unread: number): string {
  const bare = title.replace(PREFIX, '');
  return unread > 0 ? `(${unread}) ${bare}` : bare;
}

export function useUnreadInTitle(unread: number): void {
  useEffect(() => {
    const apply = () => {
      const next = titleWithUnread(document.title, unread);
      if (next !== document.title) document.title = next;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = titleWithUnread(document.title, 0);
    };
  }, [unread]);
}
