import { Callout, H4 } from '@blueprintjs/core';
import { Link } from '@tanstack/react-router';
import { formatTimestamp } from '@ideamine/shared/format';
import type { ProfitAnalysis } from '../../queries/profit';
import { EvaluationView } from '../idea-storm/EvaluationView';

/** One idea's profit analysis: the evaluation, or why it failed. */
export function ProfitResult({ analysis }: { analysis: ProfitAnalysis }) {
  return (
    <div>
      <H4>
        <Link to="/ideas/$id" params={{ id: analysis.knowledge_id }}>
          #{analysis.knowledge_id} {analysis.title}
        </Link>
      </H4>
      <p className="im-muted">Analysed {formatTimestamp(analysis.created_at)}</p>
      {analysis.status === 'completed' && analysis.result ? (
        <EvaluationView evaluation={analysis.result} />
      ) : (
        <Callout intent="danger" icon="error" title="The analysis failed">
          {analysis.error ?? 'No result was recorded.'}
        </Callout>
      )}
    </div>
  );
}
