import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../../api/errors';
import { useAuth } from '../../auth/AuthProvider';
import { useNotifications } from '../../layout/Notifications';
import { keys } from '../../queries/keys';

// Voting of spec s4: none adds a vote, the same type again removes it, the other type switches
// it. The counts change at once and roll back when the server refuses.

export type VoteType = 'upvote' | 'downvote';

export interface VoteCounts {
  vote_type: VoteType | null;
  upvotes: number;
  downvotes: number;
}

/** The counts after `type` is cast on `current` (pure, for the optimistic update). */
export function applyVote(current: VoteCounts, type: VoteType): VoteCounts {
  const next = { ...current };
  if (current.vote_type === type) {
    next.vote_type = null;
    next[type === 'upvote' ? 'upvotes' : 'downvotes'] -= 1;
  } else {
    if (current.vote_type) next[current.vote_type === 'upvote' ? 'upvotes' : 'downvotes'] -= 1;
    next.vote_type = type;
    next[type === 'upvote' ? 'upvotes' : 'downvotes'] += 1;
  }
  return next;
}

export function useVote(ideaId: number, initial: { upvotes: number; downvotes: number }) {
  const { user, client } = useAuth();
  const queryClient = useQueryClient();
  const { notify } = useNotifications();
  const mine = useQuery({
    queryKey: [...keys.ideas.voteStats(ideaId), 'mine', user?.id ?? 0],
    queryFn: async () => (await client.get<VoteCounts>(`/knowledge/${ideaId}/vote`)).data,
    enabled: Boolean(user),
    staleTime: 30_000,
  });
  const [optimistic, setOptimistic] = useState<VoteCounts | null>(null);
  const counts: VoteCounts = optimistic ?? mine.data ?? { vote_type: null, ...initial };

  const mutation = useMutation({
    mutationFn: async (type: VoteType) =>
      (await client.post<VoteCounts>(`/knowledge/${ideaId}/vote`, { vote_type: type })).data,
    onMutate: (type) => {
      const before = counts;
      setOptimistic(applyVote(before, type));
      return { before };
    },
    onError: (error, _type, context) => {
      setOptimistic(context?.before ?? null);
      notify(messageOf(error, 'Failed to vote'), 'error');
    },
    onSuccess: (state) => {
      setOptimistic(state);
      queryClient.setQueryData([...keys.ideas.voteStats(ideaId), 'mine', user?.id ?? 0], state);
      void queryClient.invalidateQueries({ queryKey: keys.ideas.lists });
    },
  });

  return { counts, vote: (type: VoteType) => mutation.mutate(type), pending: mutation.isPending, signedIn: !!user };
}
