import { Card, Icon, Tag } from '@blueprintjs/core';
import { Link } from '@tanstack/react-router';
import type { IdeaCard as IdeaCardData } from '@ideamine/shared/contract/public';
import { formatShortDate, ideaScore, ideaScoreIntentOutOfTen, withOverflow } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { canAdministerIdeas } from './can-administer';
import { IdeaCardMenu } from './IdeaActions';
import { IdeaAdminControls } from './IdeaAdminControls';
import { VoteButtons } from './VoteButtons';
import { CategoryChip } from '../categories/CategoryChip';

// The idea card of spec s2: at most 3 categories and 2 key strengths with +N chips, the score out
// of 10 (or the sub-score average), votes, and admin controls for admins holding knowledge admin.

export function ideaPath(idea: { id: number; slug: string }): string {
  return idea.slug ? `/ideas/${idea.id}/${idea.slug}` : `/ideas/${idea.id}`;
}

export function ScoreTag(props: { score: number | null; large?: boolean }) {
  if (props.score === null) return <Tag minimal>Not scored</Tag>;
  return (
    <Tag intent={ideaScoreIntentOutOfTen(props.score)} size={props.large ? 'large' : 'medium'} round>
      {props.score.toFixed(1)} / 10
    </Tag>
  );
}

export function IdeaCard({ idea }: { idea: IdeaCardData }) {
  const { user } = useAuth();
  const categories = withOverflow(idea.categories, 3);
  const strengths = withOverflow(idea.key_strengths, 2);
  return (
    <Card className="im-idea-card" data-testid="idea-card" interactive={false}>
      <div className="im-idea-card-head">
        <Link to={ideaPath(idea)} className="im-idea-title">
          {idea.title}
        </Link>
        <ScoreTag score={ideaScore(idea)} />
      </div>
      <div className="im-chips">
        {idea.editor_pick && (
          <Tag intent="warning" icon="star" minimal>
            Editor&apos;s pick
          </Tag>
        )}
        {idea.profit_potential && <Tag minimal>{idea.profit_potential}</Tag>}
        {categories.shown.map((c) => (
          <CategoryChip key={c} slug={c} />
        ))}
        {categories.more > 0 && (
          <Tag minimal round>
            +{categories.more}
          </Tag>
        )}
      </div>
      <p className="im-idea-summary">{idea.summary}</p>
      {strengths.shown.length > 0 && (
        <div className="im-chips">
          {strengths.shown.map((s) => (
            <Tag key={s} intent="success" minimal icon="tick">
              {s}
            </Tag>
          ))}
          {strengths.more > 0 && (
            <Tag intent="success" minimal>
              +{strengths.more}
            </Tag>
          )}
        </div>
      )}
      <div className="im-idea-card-foot">
        <VoteButtons ideaId={idea.id} upvotes={idea.upvotes} downvotes={idea.downvotes} />
        <span className="im-muted">
          <Icon icon="globe" size={12} /> {idea.source_domain} · {formatShortDate(idea.created_at)}
        </span>
        {canAdministerIdeas(user) && <IdeaAdminControls ideaId={idea.id} />}
        <IdeaCardMenu idea={idea} />
      </div>
    </Card>
  );
}
