import { Alert, Button, Card, Collapse, H2, H4 } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatNumber, formatTimestamp } from '@ideamine/shared/format';
import { messageOf } from '../../api/errors';
import { useAuth } from '../../auth/AuthProvider';
import { useNotifications } from '../../layout/Notifications';
import {
  ideaStormHistoryQuery,
  isEnhancement,
  isEvaluation,
  useDeleteAnalysis,
  type IdeaStormAnalysis,
} from '../../queries/idea-storm';
import { ButtonLink } from '../account/ButtonLink';
import { Pager } from '../common/Pager';
import { Empty, QueryState } from '../common/QueryState';
import { AnalysisResult, KIND_LABELS } from './AnalysisResult';

// /dashboard/idea-storm/history: the user's earlier runs, newest first, each opening to its
// full result; deleting one asks first.

function headline(analysis: IdeaStormAnalysis): string {
  if (isEvaluation(analysis))
    return `Profit score ${formatNumber(analysis.result.profit_score, { decimals: 1 })} / 10 · ${analysis.result.profit_potential}`;
  if (isEnhancement(analysis)) return `Rewritten as "${analysis.result.title}"`;
  return '';
}

function HistoryItem(props: { analysis: IdeaStormAnalysis; onDelete(): void; deleting: boolean }) {
  const { analysis } = props;
  const [open, setOpen] = useState(false);
  return (
    <Card className="im-section">
      <div className="im-section-head">
        <div>
          <H4>{analysis.title}</H4>
          <div className="im-muted">
            {KIND_LABELS[analysis.kind]} · {formatTimestamp(analysis.created_at)} · {headline(analysis)}
          </div>
        </div>
        <div className="im-row">
          <Button
            icon={open ? 'chevron-up' : 'chevron-down'}
            text={open ? 'Hide result' : 'Show result'}
            onClick={() => setOpen(!open)}
            aria-expanded={open}
          />
          <Button
            icon="trash"
            intent="danger"
            variant="minimal"
            text="Delete"
            loading={props.deleting}
            onClick={props.onDelete}
          />
        </div>
      </div>
      <Collapse isOpen={open}>
        <p className="im-body-text">{analysis.description}</p>
        {analysis.target_market && <p className="im-muted">Target market: {analysis.target_market}</p>}
        <AnalysisResult analysis={analysis} />
      </Collapse>
    </Card>
  );
}

export function HistoryPage(props: { page: number; onPage(page: number): void }) {
  const { client } = useAuth();
  const { notify } = useNotifications();
  const history = useQuery(ideaStormHistoryQuery(client, props.page));
  const remove = useDeleteAnalysis();
  const [confirming, setConfirming] = useState<IdeaStormAnalysis | null>(null);

  function confirmDelete() {
    const analysis = confirming;
    setConfirming(null);
    if (!analysis) return;
    remove.mutate(analysis.id, {
      onSuccess: () => notify('Analysis deleted', 'success'),
      onError: (error) => notify(messageOf(error, 'Failed to delete the analysis'), 'error'),
    });
  }

  return (
    <div>
      <div className="im-section-head">
        <H2>Idea Storm history</H2>
        <ButtonLink to="/dashboard/idea-storm" icon="lightbulb" intent="primary" text="New analysis" />
      </div>
      <QueryState query={history} errorFallback="Failed to load your Idea Storm history">
        {(data) =>
          data.items.length === 0 ? (
            <Empty
              icon="lightbulb"
              message={props.page > 1 ? 'This page is empty.' : 'No analyses yet. Run your first one in Idea Storm.'}
              action={
                props.page > 1 ? (
                  <Button text="First page" onClick={() => props.onPage(1)} />
                ) : (
                  <ButtonLink to="/dashboard/idea-storm" intent="primary" text="Open Idea Storm" />
                )
              }
            />
          ) : (
            <>
              {data.items.map((analysis) => (
                <HistoryItem
                  key={analysis.id}
                  analysis={analysis}
                  deleting={remove.isPending && remove.variables === analysis.id}
                  onDelete={() => setConfirming(analysis)}
                />
              ))}
              <Pager pagination={data.pagination} onPage={props.onPage} unit={['analysis', 'analyses']} />
            </>
          )
        }
      </QueryState>
      <Alert
        isOpen={confirming !== null}
        intent="danger"
        icon="trash"
        confirmButtonText="Delete"
        cancelButtonText="Cancel"
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(null)}
      >
        <p>
          Delete the {confirming ? KIND_LABELS[confirming.kind].toLowerCase() : 'analysis'} of “{confirming?.title}”? An
          idea you kept from it stays.
        </p>
      </Alert>
    </div>
  );
}
