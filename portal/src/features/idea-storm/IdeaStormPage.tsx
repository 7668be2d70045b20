import { Card, H2, H3 } from '@blueprintjs/core';
import { useState } from 'react';
import { messageOf } from '../../api/errors';
import { useNotifications } from '../../layout/Notifications';
import { useRunIdeaStorm, type IdeaStormKind } from '../../queries/idea-storm';
import { ButtonLink } from '../account/ButtonLink';
import { Empty, Loading } from '../common/QueryState';
import { AnalysisResult } from './AnalysisResult';
import { EMPTY_DRAFT, draftFromEnhancement, ideaInputOf, type IdeaDraft } from './idea-draft';
import { IdeaStormForm, type KeepChoice } from './IdeaStormForm';

// /dashboard/idea-storm: describe an idea, then have the AI rewrite it as a sharper pitch or
// analyse it (scores, strengths, advice). Every run lands in the history.

const RUNNING_LABEL: Record<IdeaStormKind, string> = {
  analyze: 'Analysing your idea. The AI can take up to a minute...',
  enhance: 'Rewriting your idea. The AI can take up to a minute...',
};

export function IdeaStormPage() {
  const { notify } = useNotifications();
  const run = useRunIdeaStorm();
  const [draft, setDraft] = useState<IdeaDraft>(EMPTY_DRAFT);
  const [keep, setKeep] = useState<KeepChoice>({ keep: false, visibility: 'private' });
  const running = run.isPending ? (run.variables?.kind ?? null) : null;

  function start(kind: IdeaStormKind) {
    run.mutate(
      {
        kind,
        input: ideaInputOf(draft),
        keep: kind === 'analyze' && keep.keep ? { visibility: keep.visibility } : undefined,
      },
      {
        onSuccess: (analysis) =>
          notify(
            analysis.knowledge_id !== null
              ? 'Idea analysed and kept as one of your ideas'
              : kind === 'analyze'
                ? 'Idea analysed'
                : 'Idea rewritten',
            'success',
          ),
        onError: (error) => notify(messageOf(error, 'Idea Storm failed'), 'error'),
      },
    );
  }

  return (
    <div>
      <div className="im-section-head">
        <H2>Idea Storm</H2>
        <ButtonLink to="/dashboard/idea-storm/history" icon="history" text="History" />
      </div>
      <p className="im-muted">
        Describe a product idea. Enhance rewrites it as a sharper pitch; Analyse scores its profit potential and
        innovation and suggests what to do next.
      </p>
      <div>
        <Card className="im-section">
          <IdeaStormForm
            draft={draft}
            onDraft={setDraft}
            keep={keep}
            onKeep={setKeep}
            running={running}
            error={run.error}
            onRun={start}
          />
        </Card>
        <Card className="im-section" aria-live="polite">
          <H3>Result</H3>
          {running ? (
            <Loading label={RUNNING_LABEL[running]} />
          ) : run.data ? (
            <AnalysisResult
              analysis={run.data}
              onUseEnhancement={(e) => {
                setDraft(draftFromEnhancement(e));
                notify('The rewrite is in the form; analyse it when ready', 'info');
              }}
            />
          ) : (
            <Empty icon="lightbulb" message="Your analysis or rewrite shows here." />
          )}
        </Card>
      </div>
    </div>
  );
}
