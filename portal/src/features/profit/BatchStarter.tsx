import { Button, Checkbox, FormGroup, TextArea } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { MAX_BATCH_IDEAS } from '@ideamine/shared/contract/idea-storm';
import { messageOf } from '../../api/errors';
import { useNotifications } from '../../layout/Notifications';
import { useStartProfitBatch } from '../../queries/profit';
import { fieldErrorOf } from '../account/form-errors';
import { FormErrorCallout, fieldProps } from '../account/FormErrors';
import { useMyIdeaChoices } from './my-ideas';
import { mergeIds, parseIdeaIds } from './parse-ids';

// Queue several ideas for analysis at once: the workers analyse them one by one and the page
// follows the batch's progress.

const FALLBACK = 'Failed to start the batch analysis';

export function BatchStarter(props: { onStarted(batchId: number): void }) {
  const { notify } = useNotifications();
  const mine = useMyIdeaChoices();
  const start = useStartProfitBatch();
  const [picked, setPicked] = useState<number[]>([]);
  const [typed, setTyped] = useState('');
  const parsed = parseIdeaIds(typed);
  const ids = mergeIds(picked, parsed.ids);
  const tooMany = ids.length > MAX_BATCH_IDEAS;
  const typedProblem = parsed.invalid.length
    ? `Not idea ids: ${parsed.invalid.slice(0, 5).join(', ')}`
    : tooMany
      ? `A batch holds at most ${MAX_BATCH_IDEAS} ideas`
      : undefined;
  const ready = ids.length > 0 && !typedProblem;

  const toggle = (id: number, on: boolean) => setPicked((list) => (on ? [...list, id] : list.filter((x) => x !== id)));

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready) return;
    start.mutate(ids, {
      onSuccess: (batch) => {
        notify(`Batch analysis of ${batch.total} idea${batch.total === 1 ? '' : 's'} started`, 'success');
        setPicked([]);
        setTyped('');
        props.onStarted(batch.id);
      },
      onError: (error) => notify(messageOf(error, FALLBACK), 'error'),
    });
  }

  const ideas = mine.data?.items ?? [];
  return (
    <form onSubmit={submit} aria-label="Analyse several ideas">
      <FormErrorCallout error={start.error} fields={['knowledge_ids']} fallback={FALLBACK} />
      {ideas.length > 0 && (
        <FormGroup label="Your ideas">
          <div style={{ maxHeight: 220, overflowY: 'auto' }}>
            {ideas.map((idea) => (
              <Checkbox
                key={idea.id}
                label={`#${idea.id} ${idea.title}`}
                checked={picked.includes(idea.id)}
                onChange={(e) => toggle(idea.id, e.currentTarget.checked)}
              />
            ))}
          </div>
        </FormGroup>
      )}
      <FormGroup
        label="Other idea ids"
        labelFor="profit-batch-ids"
        labelInfo="(separated by commas or spaces)"
        {...fieldProps(typedProblem ?? fieldErrorOf(start.error, 'knowledge_ids'))}
      >
        <TextArea
          id="profit-batch-ids"
          fill
          rows={2}
          value={typed}
          placeholder="12, 57, 108"
          onChange={(e) => setTyped(e.currentTarget.value)}
        />
      </FormGroup>
      <Button
        type="submit"
        intent="primary"
        icon="layers"
        text={`Analyse ${ids.length} idea${ids.length === 1 ? '' : 's'}`}
        disabled={!ready || start.isPending}
        loading={start.isPending}
      />
    </form>
  );
}
