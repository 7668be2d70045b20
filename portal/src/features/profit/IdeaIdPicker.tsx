import { ControlGroup, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useMyIdeaChoices } from './my-ideas';
import { singleIdeaId } from './parse-ids';

// One idea to analyse: one of the user's own from a list, or any idea by its id.

export interface PickedIdea {
  mine: string;
  typed: string;
}

export const NO_PICK: PickedIdea = { mine: '', typed: '' };

/** The typed id wins over the list; null when neither is an idea id. */
export const pickedId = (pick: PickedIdea) => singleIdeaId(pick.typed, pick.mine);

export function IdeaIdPicker(props: { value: PickedIdea; onChange(value: PickedIdea): void; error?: string }) {
  const mine = useMyIdeaChoices();
  const ideas = mine.data?.items ?? [];
  return (
    <FormGroup
      label="Idea"
      labelFor="profit-idea-id"
      intent={props.error ? 'danger' : undefined}
      helperText={props.error ?? "Pick one of your ideas, or type any idea's id (the number in /ideas/{id}/...)."}
    >
      <ControlGroup fill>
        <HTMLSelect
          aria-label="One of your ideas"
          value={props.value.mine}
          disabled={ideas.length === 0}
          onChange={(e) => props.onChange({ ...props.value, mine: e.currentTarget.value })}
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
        <InputGroup
          id="profit-idea-id"
          placeholder="or an idea id"
          inputMode="numeric"
          value={props.value.typed}
          intent={props.error ? 'danger' : undefined}
          onChange={(e) => props.onChange({ ...props.value, typed: e.currentTarget.value })}
        />
      </ControlGroup>
    </FormGroup>
  );
}
