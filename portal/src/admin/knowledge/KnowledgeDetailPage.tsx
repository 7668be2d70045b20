import { AnchorButton, Button, H4, Icon, Tag } from '@blueprintjs/core';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatNumber, formatTimestamp } from '@ideamine/shared/format';
import { can, hasRole } from '@ideamine/shared/permissions';
import { useAuth } from '../../auth/AuthProvider';
import { ButtonLink } from '../../features/account/ButtonLink';
import { QueryState } from '../../features/common/QueryState';
import { ideaPath } from '../../features/ideas/IdeaCard';
import { WhyThisScore } from '../../features/ideas/WhyThisScore';
import { keys } from '../../queries/keys';
import { deleteKnowledge, enrichKnowledge, fetchKnowledge, knowledgeKeys, type KnowledgeItem } from '../api/knowledge';
import { AdminPage } from '../common/AdminPage';
import { DeleteButton } from '../common/DeleteButton';
import { InvalidId } from '../common/NotFound';
import { PropertyList } from '../common/PropertyList';
import { useAdminMutation } from '../common/use-admin-mutation';
import { useRecord } from '../common/use-record';
import { AdminControls } from './AdminControls';
import { VisibilityTag } from './KnowledgePage';

// /admin/knowledge/{id}: one idea with every field, and what the caller may do with it: edit
// (knowledge:write), enrich again (knowledge:enrich), delete softly (knowledge:delete; it then
// waits in Recovery) and, for admins, editor pick, visibility and ownership (AdminControls).

const SCORES: [keyof KnowledgeItem, string, number][] = [
  ['profit_score', 'Profit score', 10],
  ['problem_severity_score', 'Problem severity', 10],
  ['market_demand_score', 'Market demand', 10],
  ['monetization_score', 'Monetization', 10],
  ['implementation_score', 'Implementation', 10],
  ['overall_score', 'Innovation (overall)', 5],
  ['business_model_innovation_score', 'Business model innovation', 5],
  ['technology_innovation_score', 'Technology innovation', 5],
  ['market_disruption_potential_score', 'Market disruption potential', 5],
  ['approach_novelty_score', 'Approach novelty', 5],
];

function chips(items: string[], intent?: 'primary' | 'success') {
  return items.length === 0 ? null : <Chips items={items} intent={intent} />;
}

function Chips(props: { items: string[]; intent?: 'primary' | 'success' }) {
  return (
    <span className="im-chips">
      {props.items.map((item) => (
        <Tag key={item} minimal round intent={props.intent}>
          {item}
        </Tag>
      ))}
    </span>
  );
}

const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

/** A source address: web addresses open in a new tab; others (submissions) are shown as text. */
function ExternalLink(props: { href: string; children?: ReactNode }) {
  if (!isWebUrl(props.href)) return <span className="im-muted">{props.children ?? props.href}</span>;
  return (
    <a href={props.href} target="_blank" rel="noopener noreferrer">
      {props.children ?? props.href} <Icon icon="share" size={12} />
    </a>
  );
}

function KnowledgeDetail({ idea }: { idea: KnowledgeItem }) {
  const { user } = useAuth();
  const scores = SCORES.filter(([key]) => idea[key] !== null);
  return (
    <>
      <div className="im-chips im-section">
        <VisibilityTag visibility={idea.visibility} />
        {idea.editor_pick && (
          <Tag intent="warning" icon="star">
            Editor&apos;s pick
          </Tag>
        )}
        {idea.profit_potential && <Tag>{idea.profit_potential} profit potential</Tag>}
        <Tag minimal intent={idea.enriched_at ? 'success' : undefined}>
          {idea.enriched_at ? 'Enriched' : 'Not enriched'}
        </Tag>
      </div>
      {idea.editor_pick && idea.editor_pick_message && <p className="im-muted">“{idea.editor_pick_message}”</p>}
      {hasRole(user, 'admin') && <AdminControls idea={idea} />}
      <div className="im-detail-grid">
        <div>
          <section className="im-section" aria-label="Summary">
            <H4>Summary</H4>
            <p className="im-body-text">{idea.summary || <span className="im-muted">No summary.</span>}</p>
          </section>
          <section className="im-section" aria-label="Body">
            <H4>Body</H4>
            <div className="im-pre im-body-text">{idea.body || <span className="im-muted">No body.</span>}</div>
          </section>
          <section className="im-section" aria-label="Key strengths">
            <H4>Key strengths</H4>
            {idea.key_strengths.length ? (
              <ul>
                {idea.key_strengths.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            ) : (
              <p className="im-muted">None recorded.</p>
            )}
          </section>
          <section className="im-section" aria-label="Sources">
            <H4>Sources</H4>
            <ul className="im-sources">
              {[...new Set([idea.source_url, ...idea.sources])].filter(Boolean).map((url) => (
                <li key={url}>
                  <ExternalLink href={url} />
                </li>
              ))}
            </ul>
          </section>
        </div>
        <div>
          <PropertyList
            label="Properties"
            items={[
              ['Id', idea.id],
              [
                'Source',
                idea.source_url ? (
                  <ExternalLink key="src" href={idea.source_url}>
                    {idea.source_domain || idea.source_url}
                  </ExternalLink>
                ) : null,
              ],
              ['Categories', chips(idea.categories)],
              ['Keywords', chips(idea.keywords)],
              ['Tags', chips(idea.tags, 'primary')],
              ['Votes', `${idea.vote_score} (+${idea.upvotes} / -${idea.downvotes})`],
              ['Author', idea.author],
              [
                'Owner',
                idea.user_id === null ? (
                  'None (admin-only access)'
                ) : hasRole(user, 'developer') ? (
                  <Link key="o" to="/admin/users/$id" params={{ id: String(idea.user_id) }}>
                    User {idea.user_id}
                  </Link>
                ) : (
                  `User ${idea.user_id}`
                ),
              ],
              ['Job', idea.job_id === null ? null : `Job ${idea.job_id}`],
              ['Published', idea.published_at ? formatTimestamp(idea.published_at) : null],
              ['Enriched', idea.enriched_at ? formatTimestamp(idea.enriched_at) : null],
              ['Analysed', idea.analyzed_at ? formatTimestamp(idea.analyzed_at) : null],
              ['Created', formatTimestamp(idea.created_at)],
              ['Updated', formatTimestamp(idea.updated_at)],
            ]}
          />
          <H4>Scores</H4>
          {scores.length ? (
            <PropertyList
              label="Scores"
              items={scores.map(([key, label, max]) => [label, `${formatNumber(idea[key], { decimals: 1 })} / ${max}`])}
            />
          ) : (
            <p className="im-muted">Not scored yet.</p>
          )}
          {idea.profit_score !== null && (
            <>
              <p className="im-muted">Scored by {idea.model_version ?? 'an earlier model (not recorded)'}.</p>
              <WhyThisScore scores={idea} evidence={idea.score_evidence} />
            </>
          )}
        </div>
      </div>
    </>
  );
}

export function KnowledgeDetailPage() {
  const { client, user } = useAuth();
  const navigate = useNavigate();
  const { id, query: idea } = useRecord(knowledgeKeys.detail, fetchKnowledge);
  const enrich = useAdminMutation({
    mutationFn: () => enrichKnowledge(client, id),
    invalidate: [knowledgeKeys.all],
    success: 'Queued for enrichment and analysis',
    errorFallback: 'Failed to queue the enrichment',
  });
  const remove = useAdminMutation({
    mutationFn: () => deleteKnowledge(client, id),
    invalidate: [knowledgeKeys.all, keys.ideas.all, ['admin', 'recovery']],
    success: (r) => r.message || 'Knowledge item deleted',
    errorFallback: 'Failed to delete the idea',
    onSuccess: () => void navigate({ to: '/admin/knowledge' }),
  });
  if (!Number.isFinite(id)) return <InvalidId what="knowledge item" back="/admin/knowledge" />;
  const data = idea.data;
  return (
    <AdminPage
      title={data?.title ?? 'Knowledge item'}
      actions={
        data && (
          <>
            {data.visibility === 'public' && (
              <AnchorButton
                icon="document-open"
                variant="minimal"
                text="Public page"
                href={ideaPath(data)}
                target="_blank"
                rel="noopener noreferrer"
              />
            )}
            {can(user, 'knowledge', 'write') && (
              <ButtonLink to="/admin/knowledge/$id/edit" params={{ id: String(id) }} icon="edit" text="Edit" />
            )}
            {can(user, 'knowledge', 'enrich') && (
              <Button icon="clean" text="Enrich again" loading={enrich.isPending} onClick={() => enrich.mutate()} />
            )}
            {can(user, 'knowledge', 'delete') && (
              <DeleteButton pending={remove.isPending} onConfirm={() => remove.mutate()}>
                Delete “{data.title}”? It leaves every list and page; an admin can restore it from Recovery.
              </DeleteButton>
            )}
          </>
        )
      }
    >
      <QueryState query={idea} errorFallback="Failed to fetch the idea">
        {(k) => <KnowledgeDetail idea={k} />}
      </QueryState>
    </AdminPage>
  );
}
