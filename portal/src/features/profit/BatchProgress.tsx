import { Button, Callout, H4, HTMLTable, ProgressBar, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Fragment, useState } from 'react';
import { formatNumber, formatTimestamp } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { isBatchRunning, profitBatchQuery, type ProfitAnalysis, type ProfitBatch } from '../../queries/profit';
import { QueryState } from '../common/QueryState';
import { EvaluationView } from '../idea-storm/EvaluationView';
import { BATCH_STATUS_INTENT, batchProgressText, batchProgressValue } from './batch-status';

// One batch: its progress, polled while it runs, and each idea's result so far.

function ResultRow({ analysis }: { analysis: ProfitAnalysis }) {
  const [open, setOpen] = useState(false);
  const ok = analysis.status === 'completed' && analysis.result;
  return (
    <Fragment>
      <tr>
        <td>
          <Link to="/ideas/$id" params={{ id: analysis.knowledge_id }}>
            #{analysis.knowledge_id} {analysis.title}
          </Link>
        </td>
        <td>
          <Tag minimal intent={analysis.status === 'completed' ? 'success' : 'danger'}>
            {analysis.status}
          </Tag>
        </td>
        <td>{analysis.result ? `${formatNumber(analysis.result.profit_score, { decimals: 1 })} / 10` : '—'}</td>
        <td>{analysis.result?.profit_potential ?? analysis.error ?? '—'}</td>
        <td>
          {ok && (
            <Button
              variant="minimal"
              icon={open ? 'chevron-up' : 'chevron-down'}
              text={open ? 'Hide' : 'Details'}
              aria-expanded={open}
              onClick={() => setOpen(!open)}
            />
          )}
        </td>
      </tr>
      {open && analysis.result && (
        <tr>
          <td colSpan={5}>
            <EvaluationView evaluation={analysis.result} />
          </td>
        </tr>
      )}
    </Fragment>
  );
}

function BatchView({ batch }: { batch: ProfitBatch }) {
  const running = isBatchRunning(batch.status);
  const results = batch.results ?? [];
  return (
    <div>
      <div className="im-row im-section">
        <Tag intent={BATCH_STATUS_INTENT[batch.status]}>{batch.status}</Tag>
        <span>{batchProgressText(batch)}</span>
        <span className="im-muted">
          Started {formatTimestamp(batch.started_at ?? batch.created_at)}
          {batch.finished_at && ` · finished ${formatTimestamp(batch.finished_at)}`}
        </span>
      </div>
      <ProgressBar
        className="im-section"
        aria-label={batchProgressText(batch)}
        value={batchProgressValue(batch)}
        intent={BATCH_STATUS_INTENT[batch.status]}
        animate={running}
        stripes={running}
      />
      {batch.error && (
        <Callout intent="danger" icon="error" className="im-section">
          {batch.error}
        </Callout>
      )}
      {results.length === 0 ? (
        <p className="im-muted">{running ? 'Waiting for the first result...' : 'No results were recorded.'}</p>
      ) : (
        <HTMLTable striped compact aria-label="Batch results">
          <thead>
            <tr>
              <th>Idea</th>
              <th>Status</th>
              <th>Profit score</th>
              <th>Potential</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {results.map((analysis) => (
              <ResultRow key={analysis.id} analysis={analysis} />
            ))}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
}

export function BatchProgress(props: { batchId: number; onClose(): void }) {
  const { client } = useAuth();
  const batch = useQuery(profitBatchQuery(client, props.batchId));
  return (
    <div>
      <div className="im-section-head">
        <H4>Batch #{props.batchId}</H4>
        <Button variant="minimal" icon="cross" aria-label="Close the batch" onClick={props.onClose} />
      </div>
      <QueryState query={batch} errorFallback="Failed to load the batch">
        {(data) => <BatchView batch={data} />}
      </QueryState>
    </div>
  );
}
