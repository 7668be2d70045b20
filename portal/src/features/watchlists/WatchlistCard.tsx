import { Alert, Button, Card, FormGroup, H3, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { Watchlist } from '@ideamine/shared/contract/watchlists';
import { formatCount, formatCountOf, formatRelative } from '@ideamine/shared/format';
import { messageOf } from '../../api/errors';
import { useAuth } from '../../auth/AuthProvider';
import { useNotifications } from '../../layout/Notifications';
import { useDeleteWatchlist, useRotateFeed, useUpdateWatchlist, watchlistMatchesQuery } from '../../queries/watchlists';
import { FormErrorCallout } from '../account/FormErrors';
import { fieldErrorOf } from '../account/form-errors';
import { Pager } from '../common/Pager';
import { QueryState } from '../common/QueryState';
import { describeWatch } from './describe-watch';
import { EditWatchlistDialog } from './EditWatchlistDialog';
import { WebhookLog } from './WebhookLog';
import { WeeklyMatches } from './WeeklyMatches';

// One watchlist on /my/watchlists: what it watches, its numbers, and what can be done with it.

export function WatchlistCard({ watchlist: w, emailEnabled }: { watchlist: Watchlist; emailEnabled: boolean }) {
  const { notify } = useNotifications();
  const update = useUpdateWatchlist(w.id);
  const remove = useDeleteWatchlist(w.id);
  const rotate = useRotateFeed(w.id);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [showMatches, setShowMatches] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const fail = (fallback: string) => (error: unknown) => notify(messageOf(error, fallback), 'error');
  return (
    <Card className="im-watchlist" role="region" aria-labelledby={`watchlist-${w.id}`}>
      <div className="im-section-head">
        <H3 id={`watchlist-${w.id}`}>{w.name}</H3>
        <div className="im-row">
          {w.paused && <Tag minimal>Paused</Tag>}
          {w.new_match_count > 0 && (
            <Tag intent="primary" round>
              {formatCount(w.new_match_count)} new
            </Tag>
          )}
        </div>
      </div>
      {w.match_count > 0 ? (
        <>
          <p>
            Watches {describeWatch(w)}. {formatCountOf(w.match_count, 'match', 'matches')}
            {w.last_matched_at ? `, the last ${formatRelative(w.last_matched_at)}` : ''}.
          </p>
          <WeeklyMatches weekly={w.weekly} />
        </>
      ) : (
        <p>
          Watches {describeWatch(w)}. No matches yet: it tells you about ideas found from now on.{' '}
          {(w.words.trim() || w.categories.length > 0) && (
            <Link
              to="/search"
              search={{ q: w.words.trim() || undefined, categories: w.categories.join(',') || undefined }}
            >
              Search the ideas found so far
            </Link>
          )}
        </p>
      )}
      {w.top_sources.length > 0 && (
        <p className="im-muted">
          Top sources: {w.top_sources.map((s) => `${s.domain} (${formatCount(s.matches)})`).join(', ')}
        </p>
      )}
      <div className="im-row im-wrap">
        <Button
          icon="list"
          text={showMatches ? 'Hide matches' : 'Show matches'}
          aria-expanded={showMatches}
          onClick={() => setShowMatches(!showMatches)}
        />
        <Button icon="edit" text="Edit" onClick={() => setEditing(true)} />
        <Button
          icon={w.paused ? 'play' : 'pause'}
          text={w.paused ? 'Resume' : 'Pause'}
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              { paused: !w.paused },
              {
                onSuccess: (x) => notify(x.paused ? `Paused “${x.name}”` : `Watching “${x.name}” again`, 'success'),
                onError: fail('The watchlist could not be changed'),
              },
            )
          }
        />
        <Button icon="trash" intent="danger" variant="minimal" text="Delete" onClick={() => setConfirming(true)} />
      </div>
      {showMatches && <Matches id={w.id} />}
      {editing && <EditWatchlistDialog watchlist={w} onClose={() => setEditing(false)} />}
      <FeedLinks
        watchlist={w}
        rotating={rotate.isPending}
        onRotate={() =>
          rotate.mutate(undefined, {
            onSuccess: () => notify('New feed address made; the old one no longer works', 'success'),
            onError: fail('The feed address could not be changed'),
          })
        }
      />
      <DigestChoice watchlist={w} emailEnabled={emailEnabled} />
      <WebhookForm watchlist={w} />
      {w.webhook_url && (
        <Button
          variant="minimal"
          icon="history"
          text={showLog ? 'Hide webhook log' : 'Webhook log'}
          aria-expanded={showLog}
          onClick={() => setShowLog(!showLog)}
        />
      )}
      {w.webhook_url && showLog && <WebhookLog watchlistId={w.id} />}
      <Alert
        isOpen={confirming}
        intent="danger"
        icon="trash"
        confirmButtonText="Delete watchlist"
        cancelButtonText="Cancel"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate(undefined, {
            onSuccess: () => notify(`Watchlist “${w.name}” deleted`, 'success'),
            onError: fail('The watchlist could not be deleted'),
          });
        }}
      >
        <p>Delete “{w.name}”? Its matches and notifications go with it, and its feed stops at once.</p>
      </Alert>
    </Card>
  );
}

function Matches(props: { id: number }) {
  const { client } = useAuth();
  const [page, setPage] = useState(1);
  const matches = useQuery(watchlistMatchesQuery(client, props.id, page));
  return (
    <section aria-label="Matches" className="im-section">
      <QueryState
        query={matches}
        errorFallback="Failed to load the matches"
        isEmpty={(d) => d.items.length === 0}
        emptyMessage="No matches yet. New ideas that match appear here as the pipeline scores them."
      >
        {(data) => (
          <>
            <ul className="im-match-list">
              {data.items.map((idea) => (
                <li key={idea.id}>
                  <Link to="/ideas/$id/$slug" params={{ id: String(idea.id), slug: idea.slug }}>
                    {idea.title}
                  </Link>{' '}
                  <span className="im-muted">
                    {idea.profit_potential ?? 'Not scored'} · {idea.source_domain} · matched{' '}
                    {formatRelative(idea.matched_at)}
                  </span>
                </li>
              ))}
            </ul>
            <Pager pagination={data.pagination} onPage={setPage} unit={['match', 'matches']} />
          </>
        )}
      </QueryState>
    </section>
  );
}

function FeedLinks(props: { watchlist: Watchlist; rotating: boolean; onRotate(): void }) {
  return (
    <p className="im-row im-wrap">
      <span>Private feed:</span>
      <a href={props.watchlist.feed.atom} type="application/atom+xml">
        RSS (Atom)
      </a>
      <a href={props.watchlist.feed.json} type="application/feed+json">
        JSON Feed
      </a>
      <Button
        variant="minimal"
        size="small"
        icon="refresh"
        text="New feed address"
        loading={props.rotating}
        onClick={props.onRotate}
      />
    </p>
  );
}

const DIGEST_LABELS: Record<Watchlist['email_digest'], string> = {
  off: 'No email',
  daily: 'Daily email digest',
  weekly: 'Weekly email digest',
};

function DigestChoice({ watchlist: w, emailEnabled }: { watchlist: Watchlist; emailEnabled: boolean }) {
  const { notify } = useNotifications();
  const update = useUpdateWatchlist(w.id);
  const id = `digest-${w.id}`;
  return (
    <FormGroup
      label="Email"
      labelFor={id}
      helperText={
        emailEnabled
          ? 'New matches by email to your account address, with a link to stop in every email'
          : 'This server sends no email (its operator has not set SMTP_URL); use the feed or a webhook'
      }
    >
      <HTMLSelect
        id={id}
        value={w.email_digest}
        disabled={!emailEnabled || update.isPending}
        onChange={(e) =>
          update.mutate(
            { email_digest: e.currentTarget.value as Watchlist['email_digest'] },
            {
              onSuccess: (x) => notify(`${DIGEST_LABELS[x.email_digest]} for “${x.name}”`, 'success'),
              onError: (error) => notify(messageOf(error, 'The email setting could not be changed'), 'error'),
            },
          )
        }
        options={(Object.keys(DIGEST_LABELS) as Watchlist['email_digest'][]).map((value) => ({
          value,
          label: DIGEST_LABELS[value],
        }))}
      />
    </FormGroup>
  );
}

function WebhookForm({ watchlist: w }: { watchlist: Watchlist }) {
  const { notify } = useNotifications();
  const update = useUpdateWatchlist(w.id);
  const [url, setUrl] = useState(w.webhook_url ?? '');
  const changed = url.trim() !== (w.webhook_url ?? '');
  function submit(e: FormEvent) {
    e.preventDefault();
    update.mutate(
      { webhook_url: url.trim() || null },
      { onSuccess: (x) => notify(x.webhook_url ? 'Webhook saved' : 'Webhook removed', 'success') },
    );
  }
  return (
    <form onSubmit={submit} aria-label={`Webhook of ${w.name}`}>
      <FormErrorCallout error={update.error} fields={['webhook_url']} fallback="The webhook could not be saved" />
      <FormGroup
        label="Webhook URL"
        labelFor={`webhook-${w.id}`}
        helperText={
          fieldErrorOf(update.error, 'webhook_url') ??
          (w.webhook_secret
            ? `Each match is POSTed as JSON, signed in X-Ideamine-Signature (HMAC-SHA256) with the secret ${w.webhook_secret}`
            : 'Each new match is POSTed here as JSON (optional)')
        }
        intent={fieldErrorOf(update.error, 'webhook_url') ? 'danger' : 'none'}
      >
        <div className="im-row">
          <InputGroup
            id={`webhook-${w.id}`}
            type="url"
            placeholder="https://example.com/hooks/ideamine"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            fill
          />
          <Button type="submit" text="Save" loading={update.isPending} disabled={!changed} />
        </div>
      </FormGroup>
    </form>
  );
}
