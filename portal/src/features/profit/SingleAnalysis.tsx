import { Button } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { messageOf } from '../../api/errors';
import { useNotifications } from '../../layout/Notifications';
import { useRunProfitAnalysis } from '../../queries/profit';
import { fieldErrorOf } from '../account/form-errors';
import { FormErrorCallout } from '../account/FormErrors';
import { Loading } from '../common/QueryState';
import { IdeaIdPicker, NO_PICK, pickedId, type PickedIdea } from './IdeaIdPicker';
import { ProfitResult } from './ProfitResult';

// Analyse one idea now: the request waits while the AI scores it.

const FALLBACK = 'Profit analysis failed';

export function SingleAnalysis() {
  const { notify } = useNotifications();
  const run = useRunProfitAnalysis();
  const [pick, setPick] = useState<PickedIdea>(NO_PICK);
  const id = pickedId(pick);
  const typedButInvalid = pick.typed.trim() !== '' && id === null;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (id === null) return;
    run.mutate(id, {
      onSuccess: (analysis) =>
        notify(
          analysis.status === 'completed'
            ? `Analysed "${analysis.title}"`
            : `The analysis of "${analysis.title}" failed`,
          analysis.status === 'completed' ? 'success' : 'warning',
        ),
      onError: (error) => notify(messageOf(error, FALLBACK), 'error'),
    });
  }

  return (
    <div>
      <form onSubmit={submit} aria-label="Analyse one idea">
        <FormErrorCallout error={run.error} fields={['knowledge_id']} fallback={FALLBACK} />
        <IdeaIdPicker
          value={pick}
          onChange={setPick}
          error={typedButInvalid ? 'Type one idea id, a whole number' : fieldErrorOf(run.error, 'knowledge_id')}
        />
        <Button
          type="submit"
          intent="primary"
          icon="predictive-analysis"
          text="Run analysis"
          disabled={id === null || run.isPending}
          loading={run.isPending}
        />
      </form>
      <div className="im-section" aria-live="polite">
        {run.isPending && <Loading label="Analysing the idea's profit potential. The AI can take up to a minute..." />}
        {run.data && !run.isPending && <ProfitResult analysis={run.data} />}
      </div>
    </div>
  );
}
