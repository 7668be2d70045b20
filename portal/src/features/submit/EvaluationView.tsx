import { Card, H4, H5, HTMLTable, Tag } from '@blueprintjs/core';
import type { IdeaEvaluation } from '@ideamine/shared/contract/idea-storm';
import { formatNumber, innovationChipLabel, scoreChipIntent } from '@ideamine/shared/format';
import { ScoreTag } from '../ideas/IdeaCard';

const INNOVATION: [keyof IdeaEvaluation, string][] = [
  ['business_model_innovation_score', 'Business model'],
  ['technology_innovation_score', 'Technology'],
  ['market_disruption_potential_score', 'Market disruption'],
  ['approach_novelty_score', 'Approach novelty'],
];

/** An Idea Storm analysis: profit score and its breakdown, innovation, strengths, advice. */
export function EvaluationView({ evaluation }: { evaluation: IdeaEvaluation }) {
  return (
    <Card className="im-section" data-testid="evaluation">
      <div className="im-section-head">
        <H4>Analysis</H4>
        <ScoreTag score={evaluation.profit_score} large />
      </div>
      <p className="im-body-text">{evaluation.summary}</p>
      <div className="im-chips im-section">
        <Tag>{evaluation.profit_potential} profit potential</Tag>
        {evaluation.categories.map((c) => (
          <Tag key={c} minimal round>
            {c}
          </Tag>
        ))}
      </div>
      <H5>Profit breakdown</H5>
      <div className="im-table-scroll">
        <HTMLTable compact striped className="im-fill im-section">
          <thead>
            <tr>
              <th>Factor</th>
              <th>Score</th>
              <th>Weight</th>
              <th>Contribution</th>
            </tr>
          </thead>
          <tbody>
            {evaluation.profit_breakdown.map((f) => (
              <tr key={f.factor}>
                <td>{f.factor}</td>
                <td>{formatNumber(f.score)} / 10</td>
                <td>{formatNumber(f.weight * 100, { decimals: 0 })}%</td>
                <td>{formatNumber(f.contribution)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      <div className="im-chips im-section">
        {INNOVATION.map(([key, label]) => {
          const text = innovationChipLabel(evaluation[key] as number);
          return text ? (
            <Tag key={key} minimal intent={scoreChipIntent(evaluation[key] as number)}>
              {label}: {text}
            </Tag>
          ) : null;
        })}
      </div>
      {evaluation.key_strengths.length > 0 && (
        <>
          <H5>Key strengths</H5>
          <ul>
            {evaluation.key_strengths.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </>
      )}
      {evaluation.recommendations.length > 0 && (
        <>
          <H5>Recommendations</H5>
          <ul>
            {evaluation.recommendations.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </>
      )}
      <p className="im-muted">
        Analysed by {evaluation.provider} ({evaluation.model})
      </p>
    </Card>
  );
}
