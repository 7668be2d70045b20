import { Callout, Tag } from '@blueprintjs/core';
import { Link } from '@tanstack/react-router';
import { formatTimestamp } from '@ideamine/shared/format';
import { isEnhancement, isEvaluation, type IdeaEnhancement, type IdeaStormAnalysis } from '../../queries/idea-storm';
import { EnhancementView } from './EnhancementView';
import { EvaluationView } from './EvaluationView';

// One Idea Storm run, whichever kind: the analysis or the rewrite, and the idea it was kept as.

export const KIND_LABELS: Record<IdeaStormAnalysis['kind'], string> = { analyze: 'Analysis', enhance: 'Rewrite' };

export function AnalysisResult(props: {
  analysis: IdeaStormAnalysis;
  onUseEnhancement?: (e: IdeaEnhancement) => void;
}) {
  const { analysis, onUseEnhancement } = props;
  return (
    <div>
      <div className="im-chips im-section">
        <Tag intent={analysis.kind === 'analyze' ? 'primary' : 'none'}>{KIND_LABELS[analysis.kind]}</Tag>
        <span className="im-muted">{formatTimestamp(analysis.created_at)}</span>
      </div>
      {analysis.knowledge_id !== null && (
        <Callout intent="success" icon="tick-circle" compact className="im-section">
          Kept as one of your ideas:{' '}
          <Link to="/ideas/$id" params={{ id: analysis.knowledge_id }}>
            open it
          </Link>
          .
        </Callout>
      )}
      {isEvaluation(analysis) && <EvaluationView evaluation={analysis.result} />}
      {isEnhancement(analysis) && (
        <EnhancementView
          enhancement={analysis.result}
          onUse={onUseEnhancement ? () => onUseEnhancement(analysis.result) : undefined}
        />
      )}
    </div>
  );
}
