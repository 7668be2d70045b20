import { Card, H2, H4, HTMLTable } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { AboutScores } from '@ideamine/shared/contract/public';
import { formatCount, formatCountOf, formatNumber } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { aboutScoresQuery } from '../../queries/ideas';
import { QueryState } from '../common/QueryState';
import { useScrollToHash } from '../common/use-scroll-to-hash';
import { PROFIT_HEADING_ID } from './anchors';
import { TableScroll } from '../common/TableScroll';

// "About the scores": which model scores ideas, what it learned from, and how often it is right
// on real posts it never saw. Every "Why this score" links here.

const share = (v: number | null) => (v === null ? 'n/a' : `${formatNumber(v * 100, { decimals: 0 })}%`);
// Three decimals, as the evaluation prints them: two would show a Spearman of 0.397 as 0.40, the
// goal it falls short of (README, "How good are the scores?").
const ratio = (v: number | null) => (v === null ? 'n/a' : formatNumber(v, { decimals: 3 }));

const SUB_SCORE_NAMES: Record<string, string> = {
  severity: 'Problem severity',
  demand: 'Market demand',
  monetization: 'Monetization',
  implementation: 'Ease of implementation',
};

export function AboutScoresPage() {
  const { client } = useAuth();
  const query = useQuery(aboutScoresQuery(client));
  return (
    <QueryState query={query} errorFallback="Failed to load how the scores are made">
      {(about) => <About about={about} />}
    </QueryState>
  );
}

/** The posts whose labels came with their dataset: said apart, since nobody here read them. */
function WeaklyLabelled({ weak }: { weak: NonNullable<AboutScores['training']['weakly_labelled']> }) {
  return (
    <p data-testid="weakly-labelled">
      It also learned from {formatCount(weak.posts)} more posts of {weak.source}, labelled by the authors of their
      dataset ({formatCount(weak.ideas)} of them asking the app for something it does not do, read as ideas). Nobody
      here read them, so each counts {Math.round(weak.weight * 100)}% of a post labelled against the guide, and only in
      deciding whether a post is an idea, not in its sub-scores.
    </p>
  );
}

/** The part of a score no quoted sentence shows: what the post's opening means as a whole. */
function SentenceEncoder({ encoder }: { encoder: NonNullable<AboutScores['sentence_encoder']> }) {
  return (
    <p data-testid="sentence-encoder">
      Beside the words themselves, the model reads what the first {encoder.words} words of a post mean as a whole, with
      a pretrained sentence encoder that runs on our own servers (<code>{encoder.package}</code>), so two requests
      worded differently are scored alike. That part of a score comes from the opening as a whole, so no single quoted
      sentence shows it.
    </p>
  );
}

function About({ about }: { about: AboutScores }) {
  useScrollToHash();
  const h = about.held_out;
  // A held-out source the model also learned from is split post by post (worker/quality/DATA.md).
  const learnt = new Set(about.training.sources.map((t) => t.source));
  const unseen = h.sources.filter((t) => !learnt.has(t.source));
  const splitByPost = h.sources.filter((t) => learnt.has(t.source)).map((t) => t.source);
  return (
    <article>
      <H2>About the scores</H2>
      <p>
        Every idea is read by a model learned from {formatCount(about.training.posts)} real public posts, each read and
        labelled against a written guide as a product idea or not, with how strong an idea it is. AI labelling
        assistants did the reading, one post at a time and never by keyword rules; a sample was labelled twice to
        measure their agreement and checked by our developers. The model decides whether a post is an idea at all (posts
        that are not, such as hiring posts, launches and news, never reach the site), gives four sub-scores, and
        combines them into the profit score out of 10. Each idea page quotes the sentences that drove its sub-scores
        under &ldquo;Why this score&rdquo;; a sentence that says nothing on its own, such as &ldquo;Thanks!&rdquo;, is
        never quoted.
      </p>
      {about.sentence_encoder && <SentenceEncoder encoder={about.sentence_encoder} />}
      <p>
        Model <code>{about.model_version}</code>, trained on labels of {about.trained_on}. Held-out figures below were
        measured on <code>{h.model_version}</code>.
      </p>

      <H4>How often it is right</H4>
      <p data-testid="held-out-posts">
        Measured on {formatCount(h.posts)} labelled posts ({formatCount(h.ideas)} ideas) that the model never saw while
        it was trained or tuned: all the posts of {formatCountOf(unseen.length, 'source')} it never learned from
        {splitByPost.length > 0 && (
          <>
            , and some posts of {splitByPost.join(', ')} (each the only source of its kind, so split post by post, never
            the same post in both)
          </>
        )}
        .
      </p>
      <div className="im-stat-grid im-section">
        <Stat label="Precision" value={share(h.precision)} hint="of the posts it keeps, the share that are ideas" />
        <Stat label="Recall" value={share(h.recall)} hint="of the real ideas, the share it keeps" />
        <Stat
          label="Ranking (AUC)"
          value={ratio(h.auc_end_to_end)}
          hint="chance an idea ranks above noise (0.5 is a coin toss, 1 perfect)"
        />
        <Stat
          label="Strength order"
          value={ratio(h.spearman_with_strength)}
          hint="rank correlation of the profit score with the labelled strength of kept ideas (0 is none)"
        />
        <Stat
          label="Length effect"
          value={ratio(h.correlation_with_length)}
          hint="correlation of the score with post length (near 0: long posts do not win by length)"
        />
        <Stat label="Speed" value={`${formatNumber(h.ms_per_post, { decimals: 1 })} ms`} hint="to score one post" />
      </div>

      <H4>What each label holds</H4>
      <p>
        For each profit label, the held-out posts that got it: how many were ideas and how strong (1 weak to 3 strong).
      </p>
      <FigureTable
        label="Calibration by profit label"
        headers={['Label', 'Posts', 'Ideas among them', 'Strong ideas (2-3)', 'Mean strength of ideas']}
        rows={h.calibration.map((c) => [
          c.label === 'dropped' ? 'Not an idea (dropped)' : c.label,
          formatCount(c.posts),
          share(c.share_ideas),
          formatCount(c.strong_ideas),
          c.mean_strength_of_ideas === null ? 'n/a' : formatNumber(c.mean_strength_of_ideas),
        ])}
      />

      <H4 id={PROFIT_HEADING_ID}>How the profit score is made</H4>
      <p>
        The four sub-scores (each 0 to 10) are weighted. The weights were fitted on scores each post got from a model
        that had not learned from its source (cross-validation), so they order kept ideas by strength:
      </p>
      <ul>
        {about.profit_weights.map((w) => (
          <li key={w.sub_score}>
            {SUB_SCORE_NAMES[w.sub_score] ?? w.sub_score}: × {formatNumber(w.weight)}
          </li>
        ))}
      </ul>

      <p>The weighted sum is then placed on the labels&apos; scale by how it ranks among the posts the model keeps:</p>
      <ul>
        {about.profit_scale[0] && (
          <li>
            Speculative: below {formatNumber(about.profit_scale[0].from_score, { decimals: 1 })}, the lowest{' '}
            {share(about.profit_scale[0].kept_below)}
          </li>
        )}
        {about.profit_scale.map((s, i) => (
          <li key={s.label}>
            {s.label}: from {formatNumber(s.from_score, { decimals: 1 })},{' '}
            {i === about.profit_scale.length - 1 ? 'the top' : 'the next'}{' '}
            {share((about.profit_scale[i + 1]?.kept_below ?? 1) - s.kept_below)}
          </li>
        ))}
      </ul>
      <p>
        So the profit score says how an idea compares with the others, while each sub-score keeps its own 0 to 10 scale:
        an idea can be Very High without a sub-score near 10.
      </p>

      <H4>What it learned from</H4>
      <FigureTable
        label="Training data by source"
        headers={['Source', 'Posts', 'Ideas']}
        rows={about.training.sources.map((t) => [t.source, formatCount(t.posts), formatCount(t.ideas)])}
      />
      {about.training.weakly_labelled && <WeaklyLabelled weak={about.training.weakly_labelled} />}

      <H4>Held-out figures by source</H4>
      <FigureTable
        label="Held-out figures by source"
        headers={['Source', 'Posts', 'Ideas', 'Precision', 'Recall', 'Ranking (AUC)']}
        rows={h.sources.map((t) => [
          t.source,
          formatCount(t.posts),
          formatCount(t.ideas),
          share(t.precision),
          share(t.recall),
          ratio(t.auc),
        ])}
      />
      <p className="im-muted">
        The figures are far from perfect, and we publish them as they came out. See the <Link to="/ideas">ideas</Link>{' '}
        or read <Link to="/about">about Ideamine</Link>.
      </p>
    </article>
  );
}

/** A table of figures, scrolling inside its own region on a narrow screen. */
function FigureTable(props: { label: string; headers: string[]; rows: string[][] }) {
  return (
    <TableScroll label={props.label} className="im-section">
      <HTMLTable compact striped className="im-fill">
        <thead>
          <tr>
            {props.headers.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, i) => (
                <td key={props.headers[i]}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </TableScroll>
  );
}

function Stat(props: { label: string; value: string; hint: string }) {
  return (
    <Card compact>
      <div className="im-muted">{props.label}</div>
      <div className="im-stat-value">{props.value}</div>
      <div className="im-muted">{props.hint}</div>
    </Card>
  );
}
