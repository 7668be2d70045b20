import { AnchorButton, Button, Card, H2, H5, HTMLTable, Tag } from '@blueprintjs/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { documentTitle, shortDescription } from '@ideamine/shared/page-meta';
import { setPageDescription } from '../../layout/use-page-meta';
import {
  formatNumber,
  formatTimestamp,
  ideaScore,
  innovationChipLabel,
  paragraphsOf,
  summaryRepeatsBody,
  scoreChipIntent,
} from '@ideamine/shared/format';
import { messageOf } from '../../api/errors';
import { useAuth } from '../../auth/AuthProvider';
import { useNotifications } from '../../layout/Notifications';
import { ideaQuery, type PublicIdea } from '../../queries/ideas';
import { QueryState } from '../common/QueryState';
import { useTimeOnPage } from './engagement';
import { ScoreTag, ideaPath } from './IdeaCard';
import { IdeaActions } from './IdeaActions';
import { VoteButtons } from './VoteButtons';
import { WhyThisScore } from './WhyThisScore';
import { CategoryChip } from '../categories/CategoryChip';

// One idea: scores, innovation chips, categories, strengths, the text (always as text, never
// HTML), sources, votes and the engagement actions. Old or wrong slugs move to the right URL.

const SUB_SCORES: [keyof PublicIdea, string][] = [
  ['problem_severity_score', 'Problem severity'],
  ['market_demand_score', 'Market demand'],
  ['monetization_score', 'Monetization'],
  ['implementation_score', 'Implementation'],
];

/** A 0-10 score as "7.50 / 10"; one the idea was never given reads "Not scored", not "N/A / 10". */
// One decimal, as the score badge and "Why this score" show them: 9.99 here beside 10.0 there read as two scores.
const outOfTen = (value: unknown) =>
  typeof value === 'number' ? `${formatNumber(value, { decimals: 1 })} / 10` : 'Not scored';

const INNOVATION: [keyof PublicIdea, string][] = [
  ['business_model_innovation_score', 'Business model'],
  ['technology_innovation_score', 'Technology'],
  ['market_disruption_potential_score', 'Market disruption'],
  ['approach_novelty_score', 'Approach novelty'],
];

export function IdeaDetailPage(props: { id: number; slug?: string }) {
  const { client } = useAuth();
  const navigate = useNavigate();
  const query = useQuery(ideaQuery(client, props.id));
  const idea = query.data?.idea;
  useTimeOnPage(client, props.id, query.data?.viewToken ?? null);

  useEffect(() => {
    if (idea && idea.slug && props.slug !== idea.slug) void navigate({ to: ideaPath(idea), replace: true });
    if (!idea) return;
    document.title = documentTitle(idea.title);
    setPageDescription(shortDescription(idea.summary || idea.title));
  }, [idea, props.slug, navigate]);

  return (
    <QueryState query={query} errorFallback="Failed to load the idea">
      {({ idea }) => <IdeaDetail idea={idea} />}
    </QueryState>
  );
}

function IdeaDetail({ idea }: { idea: PublicIdea }) {
  return (
    <article className="im-idea-detail">
      <div className="im-section-head">
        <H2 className="im-idea-detail-title">{idea.title}</H2>
        <ScoreTag score={ideaScore(idea)} large />
      </div>
      <div className="im-chips im-section">
        {idea.editor_pick && (
          <Tag intent="warning" icon="star">
            Editor&apos;s pick
          </Tag>
        )}
        {idea.profit_potential && <Tag>{idea.profit_potential} profit potential</Tag>}
        {idea.categories.map((c) => (
          <CategoryChip key={c} slug={c} />
        ))}
      </div>
      {idea.editor_pick && idea.editor_pick_message && <p className="im-muted">“{idea.editor_pick_message}”</p>}
      <IdeaActions idea={idea} />
      <div className="im-detail-grid">
        <div>
          {/* The summary leads unless it only repeats the body's own sentences (the local model draws it from them). */}
          {(!idea.body || !summaryRepeatsBody(idea.summary, idea.body)) && (
            <p className="im-body-text im-lead">{idea.summary}</p>
          )}
          {paragraphsOf(idea.body ?? '').map((p, i) => (
            <p key={i} className="im-body-text">
              {p}
            </p>
          ))}
          {idea.profit_score !== null && <WhyThisScore scores={idea} evidence={idea.score_evidence} />}
          {idea.key_strengths.length > 0 && (
            <>
              <H5>Key strengths</H5>
              <div className="im-chips im-section">
                {idea.key_strengths.map((s) => (
                  <Tag key={s} intent="success" minimal icon="tick">
                    {s}
                  </Tag>
                ))}
              </div>
            </>
          )}
          {idea.keywords.length > 0 && (
            <div className="im-chips im-section">
              {idea.keywords.map((k) => (
                <Link key={k} to="/search" search={{ q: k }} className="im-chip-link">
                  <Tag minimal>#{k}</Tag>
                </Link>
              ))}
            </div>
          )}
          <Sources idea={idea} />
        </div>
        <div>
          <Card compact className="im-section">
            <H5>Votes</H5>
            <VoteButtons ideaId={idea.id} upvotes={idea.upvotes} downvotes={idea.downvotes} size="medium" />
          </Card>
          <Card compact className="im-section">
            <H5>Scores</H5>
            <HTMLTable compact className="im-fill">
              <tbody>
                <tr>
                  <td>Profit score</td>
                  <td>{outOfTen(idea.profit_score)}</td>
                </tr>
                {SUB_SCORES.map(([key, label]) => (
                  <tr key={key}>
                    <td>{label}</td>
                    <td>{outOfTen(idea[key])}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
            <div className="im-chips">
              {INNOVATION.map(([key, label]) => {
                const text = innovationChipLabel(idea[key] as number | null);
                return text ? (
                  <Tag key={key} intent={scoreChipIntent(idea[key] as number)} minimal>
                    {label}: {text}
                  </Tag>
                ) : null;
              })}
            </div>
          </Card>
          <EngagementActions ideaId={idea.id} />
          <p className="im-muted">
            Found {formatTimestamp(idea.created_at)} on {idea.source_domain}
            {idea.author ? ` · by ${idea.author}` : ''}
          </p>
        </div>
      </div>
    </article>
  );
}

function Sources({ idea }: { idea: PublicIdea }) {
  const sources = [...new Set([idea.source_url, ...idea.sources])].filter((s) => /^https?:\/\//i.test(s));
  if (sources.length === 0) return null;
  return (
    <>
      <H5>Sources</H5>
      <ul className="im-sources">
        {sources.map((url) => (
          <li key={url}>
            <a href={url} target="_blank" rel="noopener noreferrer nofollow">
              {url}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

function EngagementActions({ ideaId }: { ideaId: number }) {
  const { client, user } = useAuth();
  const { notify } = useNotifications();
  const request = useMutation({
    mutationFn: () => client.post(`/knowledge/${ideaId}/app-request`, {}),
    onSuccess: () => notify('Thanks: your request for an app was recorded.', 'success'),
    onError: (e) => notify(messageOf(e), 'error'),
  });
  const building = useMutation({
    mutationFn: () => client.post(`/knowledge/${ideaId}/implementation`, {}),
    onSuccess: () => notify('Marked as an idea you are building.', 'success'),
    onError: (e) => notify(messageOf(e), 'error'),
  });
  if (!user)
    return (
      <Card compact className="im-section">
        <p>Sign in to vote, ask for an app or tell others you are building this.</p>
        <AnchorButton
          href={`/login?redirect=${encodeURIComponent(window.location.pathname)}`}
          intent="primary"
          text="Sign in"
        />
      </Card>
    );
  return (
    <Card compact className="im-section im-row">
      <Button icon="mobile-phone" text="I want this app" loading={request.isPending} onClick={() => request.mutate()} />
      <Button icon="build" text="I'm building this" loading={building.isPending} onClick={() => building.mutate()} />
    </Card>
  );
}
