import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { IdeaFinder, type FoundIdea } from '../ideas/IdeaFinder';
import { useMyIdeaChoices } from './my-ideas';

// One idea to analyse: one of the user's own from a list, or any idea found by its title.

export interface PickedIdea {
  mine: string;
  found: FoundIdea | null;
}

export const NO_PICK: PickedIdea = { mine: '', found: null };

/** The idea found by search wins over the list; null when neither names one. */
export const pickedId = (pick: PickedIdea): number | null => pick.found?.id ?? (pick.mine ? Number(pick.mine) : null);

export function IdeaIdPicker(props: { value: PickedIdea; onChange(value: PickedIdea): void; error?: string }) {
  const mine = useMyIdeaChoices();
  const ideas = mine.data?.items ?? [];
  return (
    <FormGroup
      label="Idea"
      labelFor="profit-idea-search"
      intent={props.error ? 'danger' : undefined}
      helperText={props.error ?? 'Pick one of your ideas, or search any idea by the words of its title.'}
    >
      <HTMLSelect
        aria-label="One of your ideas"
        value={props.value.mine}
        disabled={ideas.length === 0 || props.value.found !== null}
        onChange={(e) => props.onChange({ ...props.value, mine: e.currentTarget.value })}
        className="im-idea-finder"
      >
        <option value="">
          {mine.isPending ? 'Loading your ideas...' : ideas.length ? 'Your ideas' : 'You have no ideas yet'}
        </option>
        {ideas.map((idea) => (
          <option key={idea.id} value={String(idea.id)}>
            #{idea.id} {idea.title}
          </option>
        ))}
      </HTMLSelect>
      <IdeaFinder
        inputId="profit-idea-search"
        value={props.value.found}
        onChange={(found) => props.onChange({ ...props.value, found })}
      />
    </FormGroup>
  );
}
