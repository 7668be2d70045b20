import { H4, HTMLTable, ProgressBar, Tag } from '@blueprintjs/core';
import { formatNumber, ideaScoreIntentOutOfTen, innovationChipLabel, scoreChipIntent } from '@ideamine/shared/format';
import type { IdeaEvaluation } from '../../queries/idea-storm';
import { ScoreTag } from '../ideas/IdeaCard';
import { WhyThisScore } from '../ideas/WhyThisScore';
import { TableScroll } from '../common/TableScroll';

// An idea's evaluation (Idea Storm's analysis and profit analysis alike): profit score and label,
// the four sub-scores out of 10, the innovation scores out of 5, the weighted breakdown, key
// strengths and advice.

const SUB_SCORES = [
  ['problem_severity_score', 'Problem severity'],
  ['market_demand_score', 'Market demand'],
  ['monetization_score', 'Monetization'],
  ['implementation_score', 'Ease of implementation'],
] as const;

const INNOVATION_SCORES = [
  ['business_model_innovation_score', 'Business model'],
  ['technology_innovation_score', 'Technology'],
  ['market_disruption_potential_score', 'Market disruption'],
  ['approach_novelty_score', 'Approach novelty'],
] as const;

const factorName = (factor: string) => factor.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

function SubScores({ evaluation }: { evaluation: IdeaEvaluation }) {
  return (
    <HTMLTable compact aria-label="Sub-scores" className="im-section">
      <tbody>
        {SUB_SCORES.map(([key, label]) => (
          <tr key={key}>
            <th>{label}</th>
            <td style={{ width: '50%' }}>
              <ProgressBar
                aria-label={`${label}: ${evaluation[key]} of 10`}
                value={Math.min(1, Math.max(0, evaluation[key] / 10))}
                intent={ideaScoreIntentOutOfTen(evaluation[key])}
                animate={false}
                stripes={false}
              />
            </td>
            <td className="im-nowrap">{formatNumber(evaluation[key], { decimals: 1 })} / 10</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

function InnovationChips({ evaluation }: { evaluation: IdeaEvaluation }) {
  const chips = INNOVATION_SCORES.flatMap(([key, label]) => {
    const text = innovationChipLabel(evaluation[key]);
    return text ? [{ key, label, text, intent: scoreChipIntent(evaluation[key]) }] : [];
  });
  if (chips.length === 0) return null;
  return (
    <div className="im-chips im-section">
      {chips.map((chip) => (
        <Tag key={chip.key} intent={chip.intent} minimal>
          {chip.label}: {chip.text}
        </Tag>
      ))}
      <Tag minimal round>
        Overall innovation: {formatNumber(evaluation.overall_score, { decimals: 1 })}/5
      </Tag>
    </div>
  );
}

function ProfitBreakdown({ evaluation }: { evaluation: IdeaEvaluation }) {
  if (evaluation.profit_breakdown.length === 0) return null;
  return (
    <>
      <H4>How the profit score adds up</H4>
      <TableScroll label="Profit breakdown" className="im-section">
        <HTMLTable compact striped>
          <thead>
            <tr>
              <th>Factor</th>
              <th>Score</th>
              <th>Weight</th>
              <th>Contribution</th>
            </tr>
          </thead>
          <tbody>
            {evaluation.profit_breakdown.map((row) => (
              <tr key={row.factor}>
                <td>{factorName(row.factor)}</td>
                <td>{row.score === null ? '' : formatNumber(row.score, { decimals: 1 })}</td>
                <td>{row.weight === null ? '' : `× ${formatNumber(row.weight)}`}</td>
                <td>{formatNumber(row.contribution)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </TableScroll>
    </>
  );
}

function TextList(props: { title: string; items: string[]; intent?: 'success' | 'primary' }) {
  if (props.items.length === 0) return null;
  return (
    <>
      <H4>{props.title}</H4>
      <ul className="im-section">
        {props.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </>
  );
}

export function EvaluationView({ evaluation }: { evaluation: IdeaEvaluation }) {
  return (
    <div>
      <div className="im-chips im-section">
        <ScoreTag score={evaluation.profit_score} large />
        <Tag intent="primary" size="large" minimal>
          Profit potential: {evaluation.profit_potential}
        </Tag>
      </div>
      {evaluation.summary && <p className="im-body-text">{evaluation.summary}</p>}
      <SubScores evaluation={evaluation} />
      <WhyThisScore scores={evaluation} evidence={evaluation.evidence ?? null} />
      <InnovationChips evaluation={evaluation} />
      <TextList title="Key strengths" items={evaluation.key_strengths} />
      <TextList title="Recommendations" items={evaluation.recommendations} />
      <ProfitBreakdown evaluation={evaluation} />
      {(evaluation.categories.length > 0 || evaluation.keywords.length > 0) && (
        <div className="im-chips im-section">
          {evaluation.categories.map((c) => (
            <Tag key={`c-${c}`} minimal round>
              {c}
            </Tag>
          ))}
          {evaluation.keywords.map((k) => (
            <Tag key={`k-${k}`} minimal>
              #{k}
            </Tag>
          ))}
        </div>
      )}
      <p className="im-muted">
        Analysed by {evaluation.provider} ({evaluation.model}).
      </p>
    </div>
  );
}
