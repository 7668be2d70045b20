import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@ideamine/shared/limits';
import { useAuth } from '../../auth/AuthProvider';
import { ideaListQuery } from '../../queries/ideas';

/** The user's own ideas to pick from (the newest 100), through the same cache as /my/ideas. */
export function useMyIdeaChoices() {
  const { client } = useAuth();
  return useQuery(
    ideaListQuery(client, 'all', {
      user_filter: 'mine',
      page: 1,
      page_size: MAX_PAGE_SIZE,
      sort: 'created_at',
      order: 'desc',
    }),
  );
}
