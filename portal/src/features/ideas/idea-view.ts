import { SETTING_KEYS, useSetting } from '../../settings/local-settings';
import { IDEA_PAGE_SIZE } from './list-search';

// How idea lists are shown, remembered in this browser for signed-out visitors and users alike:
// cards (summary, strengths, vote buttons) or a compact list of one row per idea, dense enough to
// scan thirty at a time as on Hacker News.

export type IdeaView = 'cards' | 'compact';

export const COMPACT_PAGE_SIZE = 30;

export function useIdeaView(): [IdeaView, (view: IdeaView) => void] {
  const [view, setView] = useSetting<IdeaView>(SETTING_KEYS.ideaView, 'cards');
  return [view === 'compact' ? 'compact' : 'cards', setView];
}

/** Ideas per page in the current view: a compact page holds as many rows as a screen shows. */
export function useIdeaPageSize(): number {
  return useIdeaView()[0] === 'compact' ? COMPACT_PAGE_SIZE : IDEA_PAGE_SIZE;
}
