import { Icon } from '@blueprintjs/core';
import { Link } from '@tanstack/react-router';
import type { IdeaCard as IdeaCardData } from '@ideamine/shared/contract/public';
import { formatRelative, ideaScore, withOverflow } from '@ideamine/shared/format';
import { CategoryChip } from '../categories/CategoryChip';
import { ScoreTag, ideaPath } from './IdeaCard';

// The compact idea list: one row per idea with its score, title, categories, votes and age, so a
// screen holds three times as many ideas as cards. On a phone a row wraps under its title.

function IdeaRow({ idea }: { idea: IdeaCardData }) {
  const categories = withOverflow(idea.categories, 2);
  return (
    <li className="im-idea-row" data-testid="idea-row">
      <span className="im-idea-row-score">
        <ScoreTag score={ideaScore(idea)} />
      </span>
      <Link to={ideaPath(idea)} className="im-idea-row-title" title={idea.title}>
        {idea.title}
      </Link>
      <span className="im-idea-row-categories">
        {categories.shown.map((c) => (
          <CategoryChip key={c} slug={c} />
        ))}
        {categories.more > 0 && <span className="im-muted">+{categories.more}</span>}
      </span>
      <span
        className="im-idea-row-votes"
        aria-label={`${idea.upvotes} up, ${idea.downvotes} down`}
        title={`${idea.upvotes} upvotes, ${idea.downvotes} downvotes`}
      >
        <Icon icon="thumbs-up" size={12} aria-hidden /> {idea.upvotes} <Icon icon="thumbs-down" size={12} aria-hidden />{' '}
        {idea.downvotes}
      </span>
      <time className="im-idea-row-age im-muted" dateTime={idea.created_at}>
        {formatRelative(idea.created_at)}
      </time>
    </li>
  );
}

export function IdeaRows({ ideas }: { ideas: IdeaCardData[] }) {
  return (
    <ul className="im-idea-rows" aria-label="Ideas">
      {ideas.map((idea) => (
        <IdeaRow key={idea.id} idea={idea} />
      ))}
    </ul>
  );
}
