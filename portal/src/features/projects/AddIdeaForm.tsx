import { Button, ControlGroup, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { messageOf } from '../../api/errors';
import { useNotifications } from '../../layout/Notifications';
import { useAddProjectIdea } from '../../queries/projects';
import { fieldErrorOf } from '../account/form-errors';
import { FormErrorCallout, fieldProps } from '../account/FormErrors';
import { singleIdeaId } from '../profit/parse-ids';

// Adds an idea (public, or the user's own) to a project by its id, with an optional note.

const FALLBACK = 'Failed to add the idea';

export function AddIdeaForm({ projectId }: { projectId: number }) {
  const { notify } = useNotifications();
  const add = useAddProjectIdea(projectId);
  const [typed, setTyped] = useState('');
  const [note, setNote] = useState('');
  const id = singleIdeaId(typed, '');
  const problem = typed.trim() && id === null ? 'Type one idea id, a whole number' : undefined;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (id === null) return;
    add.mutate(
      { knowledge_id: id, note: note.trim() },
      {
        onSuccess: () => {
          notify(`Idea #${id} added`, 'success');
          setTyped('');
          setNote('');
        },
        onError: (error) => notify(messageOf(error, FALLBACK), 'error'),
      },
    );
  }

  return (
    <form onSubmit={submit} aria-label="Add an idea">
      <FormErrorCallout error={add.error} fields={['knowledge_id', 'note']} fallback={FALLBACK} />
      <FormGroup
        label="Add an idea"
        labelFor="project-add-idea"
        {...fieldProps(
          problem ?? fieldErrorOf(add.error, 'knowledge_id') ?? fieldErrorOf(add.error, 'note'),
          "The idea's id is the number in its address: /ideas/{id}/...",
        )}
      >
        <ControlGroup fill>
          <InputGroup
            id="project-add-idea"
            placeholder="Idea id"
            inputMode="numeric"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
          <InputGroup
            placeholder="Note (optional)"
            aria-label="Note"
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <Button type="submit" icon="add" text="Add" intent="primary" disabled={id === null} loading={add.isPending} />
        </ControlGroup>
      </FormGroup>
    </form>
  );
}
