import { Button, ButtonGroup, Tooltip } from '@blueprintjs/core';
import { useVote } from './votes';

/**
 * Up and down vote buttons with counts; disabled for visitors with the spec's tooltip. Each
 * button's name holds the count it shows, so it reads and is spoken the same.
 */
export function VoteButtons(props: { ideaId: number; upvotes: number; downvotes: number; size?: 'small' | 'medium' }) {
  const { counts, vote, pending, signedIn } = useVote(props.ideaId, props);
  const buttons = (
    <ButtonGroup>
      <Button
        size={props.size ?? 'small'}
        icon="thumbs-up"
        intent={counts.vote_type === 'upvote' ? 'success' : 'none'}
        disabled={!signedIn || pending}
        aria-label={`Upvote: ${counts.upvotes}`}
        aria-pressed={counts.vote_type === 'upvote'}
        onClick={(e) => {
          e.preventDefault();
          vote('upvote');
        }}
        text={counts.upvotes}
      />
      <Button
        size={props.size ?? 'small'}
        icon="thumbs-down"
        intent={counts.vote_type === 'downvote' ? 'danger' : 'none'}
        disabled={!signedIn || pending}
        aria-label={`Downvote: ${counts.downvotes}`}
        aria-pressed={counts.vote_type === 'downvote'}
        onClick={(e) => {
          e.preventDefault();
          vote('downvote');
        }}
        text={counts.downvotes}
      />
    </ButtonGroup>
  );
  return signedIn ? (
    buttons
  ) : (
    <Tooltip content="Sign in to vote" placement="top">
      {buttons}
    </Tooltip>
  );
}
