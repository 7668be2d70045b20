import { Card, H2, H3 } from '@blueprintjs/core';
import { BatchList } from './BatchList';
import { BatchProgress } from './BatchProgress';
import { BatchStarter } from './BatchStarter';
import { SingleAnalysis } from './SingleAnalysis';

// /dashboard/profit-analysis: analyse one idea now, or queue several and follow the batch (its id
// lives in the URL, so a reload keeps following it).

export function ProfitAnalysisPage(props: {
  batchId: number | undefined;
  ideaId?: number;
  onBatch(batchId: number | undefined): void;
}) {
  return (
    <div>
      <H2>Profit analysis</H2>
      <p className="im-muted">
        Score the profit potential of an idea: problem severity, market demand, monetization and ease of building,
        weighted into a score out of 10 with advice.
      </p>
      <Card className="im-section">
        <H3>Analyse one idea</H3>
        <SingleAnalysis ideaId={props.ideaId} />
      </Card>
      <Card className="im-section">
        <H3>Analyse several ideas</H3>
        <BatchStarter onStarted={props.onBatch} />
      </Card>
      {props.batchId !== undefined && (
        <Card className="im-section">
          <BatchProgress batchId={props.batchId} onClose={() => props.onBatch(undefined)} />
        </Card>
      )}
      <Card className="im-section">
        <H3>Your batches</H3>
        <BatchList selected={props.batchId} onSelect={props.onBatch} />
      </Card>
    </div>
  );
}
