import { H5 } from '@blueprintjs/core';
import { Link } from '@tanstack/react-router';
import type { ScoreEvidence } from '@ideamine/shared/contract/knowledge';
import { formatNumber } from '@ideamine/shared/format';
import { PROFIT_HEADING_ID } from '../static/anchors';

// "Why this score": under each profit sub-score, the sentences of the idea's own text that drove
// it, quoted. The same block on the public idea page, the admin knowledge page and Idea Storm, so
// a mined idea and a user's own are explained the same way.

const SUB_SCORES = [
  ['severity', 'problem_severity_score', 'Problem severity'],
  ['demand', 'market_demand_score', 'Market demand'],
  ['monetization', 'monetization_score', 'Monetization'],
  ['implementation', 'implementation_score', 'Ease of implementation'],
] as const;

export type SubScoreValues = Record<(typeof SUB_SCORES)[number][1], number | null>;

export function WhyThisScore(props: { scores: SubScoreValues; evidence: ScoreEvidence | null }) {
  const { scores, evidence } = props;
  return (
    <section className="im-section im-why-score" aria-labelledby="why-this-score">
      <H5 id="why-this-score">Why this score</H5>
      {evidence ? (
        <dl className="im-why-list">
          {SUB_SCORES.map(([key, column, label]) => (
            <div key={key}>
              <dt>
                {label}
                {scores[column] === null ? '' : `: ${formatNumber(scores[column], { decimals: 1 })} / 10`}
              </dt>
              {evidence[key].length ? (
                evidence[key].map((quote) => (
                  <dd key={quote}>
                    <blockquote className="im-quote">{quote}</blockquote>
                  </dd>
                ))
              ) : (
                <dd className="im-muted">No sentence of the text speaks to this score.</dd>
              )}
            </div>
          ))}
        </dl>
      ) : (
        <p className="im-muted">This idea was scored before scores came with the sentences behind them.</p>
      )}
      <p className="im-muted">
        The profit score is not the average of these four: it weighs them and ranks the idea among the others the model
        keeps (
        <Link to="/about/scores" hash={PROFIT_HEADING_ID}>
          how the profit score is made
        </Link>
        ). <Link to="/about/scores">About the scores</Link>: what the model learned from and how often it is right.
      </p>
    </section>
  );
}
