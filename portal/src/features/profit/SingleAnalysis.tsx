import { Button } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { messageOf } from '../../api/errors';
import { useAuth } from '../../auth/AuthProvider';
import { useNotifications } from '../../layout/Notifications';
import { ideaQuery } from '../../queries/ideas';
import { useRunProfitAnalysis } from '../../queries/profit';
import { fieldErrorOf } from '../account/form-errors';
import { FormErrorCallout } from '../account/FormErrors';
import { Loading } from '../common/QueryState';
import { IdeaIdPicker, NO_PICK, pickedId, type PickedIdea } from './IdeaIdPicker';
import { ProfitResult } from './ProfitResult';

// Analyse one idea now: the request waits while the AI scores it.

const FALLBACK = 'Profit analysis failed';

export function SingleAnalysis(props: { ideaId?: number }) {
  const { notify } = useNotifications();
  const { client } = useAuth();
  const run = useRunProfitAnalysis();
  const [pick, setPick] = useState<PickedIdea>(
    props.ideaId ? { mine: '', found: { id: props.ideaId, title: `Idea #${props.ideaId}` } } : NO_PICK,
  );
  // An idea named in the address shows by its title once known (a private one of the user's keeps its number).
  const named = useQuery({ ...ideaQuery(client, props.ideaId ?? 0), enabled: Boolean(props.ideaId), retry: false });
  const namedTitle = named.data?.idea.title;
  useEffect(() => {
    const wanted = props.ideaId;
    if (namedTitle && wanted)
      setPick((p) => (p.found?.id === wanted ? { ...p, found: { id: wanted, title: namedTitle } } : p));
  }, [namedTitle, props.ideaId]);
  const id = pickedId(pick);

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
        <IdeaIdPicker value={pick} onChange={setPick} error={fieldErrorOf(run.error, 'knowledge_id')} />
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
