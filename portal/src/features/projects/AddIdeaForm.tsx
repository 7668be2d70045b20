import { Button, ControlGroup, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { messageOf } from '../../api/errors';
import { useNotifications } from '../../layout/Notifications';
import { useAddProjectIdea } from '../../queries/projects';
import { fieldErrorOf } from '../account/form-errors';
import { FormErrorCallout, fieldProps } from '../account/FormErrors';
import { IdeaFinder, type FoundIdea } from '../ideas/IdeaFinder';

// Adds an idea (public, or the user's own) to a project, found by the words of its title, with
// an optional note.

const FALLBACK = 'Failed to add the idea';

export function AddIdeaForm({ projectId }: { projectId: number }) {
  const { notify } = useNotifications();
  const add = useAddProjectIdea(projectId);
  const [idea, setIdea] = useState<FoundIdea | null>(null);
  const [note, setNote] = useState('');

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!idea) return;
    add.mutate(
      { knowledge_id: idea.id, note: note.trim() },
      {
        onSuccess: () => {
          notify(`Added “${idea.title}”`, 'success');
          setIdea(null);
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
          fieldErrorOf(add.error, 'knowledge_id') ?? fieldErrorOf(add.error, 'note'),
          'Search by the words of its title. From an idea page, “Add to project” does the same.',
        )}
      >
        <IdeaFinder inputId="project-add-idea" value={idea} onChange={setIdea} />
        <ControlGroup fill>
          <InputGroup
            placeholder="Note (optional)"
            aria-label="Note"
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <Button type="submit" icon="add" text="Add" intent="primary" disabled={!idea} loading={add.isPending} />
        </ControlGroup>
      </FormGroup>
    </form>
  );
}
