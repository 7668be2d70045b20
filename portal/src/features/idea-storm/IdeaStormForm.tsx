import { Button, FormGroup, HTMLSelect, InputGroup, Switch, TextArea } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import type { IdeaStormKind } from '../../queries/idea-storm';
import { fieldErrorOf } from '../account/form-errors';
import { FormErrorCallout, fieldProps } from '../account/FormErrors';
import { DRAFT_FIELDS, draftProblems, type DraftField, type IdeaDraft } from './idea-draft';

// The Idea Storm form: the fields of the analyse body, "Enhance" (rewrite the pitch) and
// "Analyse" (scores and advice), and whether to keep the analysed idea as one of the user's own.

export interface KeepChoice {
  keep: boolean;
  visibility: 'public' | 'private';
}

const FALLBACK = 'Idea Storm failed';

export function IdeaStormForm(props: {
  draft: IdeaDraft;
  onDraft(draft: IdeaDraft): void;
  keep: KeepChoice;
  onKeep(keep: KeepChoice): void;
  running: IdeaStormKind | null;
  error: unknown;
  onRun(kind: IdeaStormKind): void;
}) {
  const { draft, keep } = props;
  const [touched, setTouched] = useState<Partial<Record<DraftField, boolean>>>({});
  const problems = draftProblems(draft);
  const ready = Object.keys(problems).length === 0;
  const busy = props.running !== null;

  const messageFor = (field: DraftField) =>
    fieldErrorOf(props.error, field) ?? (touched[field] ? problems[field] : undefined);
  const touch = (field: DraftField) => () => setTouched((t) => ({ ...t, [field]: true }));

  function submit(e: FormEvent) {
    e.preventDefault();
    if (ready && !busy) props.onRun('analyze');
    else setTouched({ title: true, description: true, target_market: true });
  }

  return (
    <form onSubmit={submit} aria-label="Idea Storm">
      <FormErrorCallout error={props.error} fields={DRAFT_FIELDS} fallback={FALLBACK} />
      <FormGroup
        label="Title"
        labelFor="storm-title"
        labelInfo="(3 to 200 characters)"
        {...fieldProps(messageFor('title'))}
      >
        <InputGroup
          id="storm-title"
          value={draft.title}
          maxLength={200}
          onChange={(e) => props.onDraft({ ...draft, title: e.currentTarget.value })}
          onBlur={touch('title')}
          placeholder="Invoice reminders that get paid"
        />
      </FormGroup>
      <FormGroup
        label="Description"
        labelFor="storm-description"
        labelInfo="(20 to 5000 characters)"
        {...fieldProps(messageFor('description'), `${draft.description.trim().length} / 5000`)}
      >
        <TextArea
          id="storm-description"
          fill
          rows={8}
          value={draft.description}
          maxLength={5000}
          onChange={(e) => props.onDraft({ ...draft, description: e.currentTarget.value })}
          onBlur={touch('description')}
          placeholder="What problem does it solve, for whom, and how?"
        />
      </FormGroup>
      <FormGroup
        label="Target market"
        labelFor="storm-market"
        labelInfo="(optional)"
        {...fieldProps(messageFor('target_market'))}
      >
        <InputGroup
          id="storm-market"
          value={draft.target_market}
          maxLength={200}
          onChange={(e) => props.onDraft({ ...draft, target_market: e.currentTarget.value })}
          onBlur={touch('target_market')}
          placeholder="Freelance designers in Europe"
        />
      </FormGroup>
      <div className="im-row im-section">
        <Switch
          label="Keep the analysed idea as one of my ideas"
          checked={keep.keep}
          onChange={(e) => props.onKeep({ ...keep, keep: e.currentTarget.checked })}
        />
        {keep.keep && (
          <HTMLSelect
            aria-label="Visibility of the kept idea"
            value={keep.visibility}
            onChange={(e) => props.onKeep({ ...keep, visibility: e.currentTarget.value as KeepChoice['visibility'] })}
          >
            <option value="private">Private (only you)</option>
            <option value="public">Public</option>
          </HTMLSelect>
        )}
      </div>
      <div className="im-row">
        <Button
          icon="clean"
          text="Enhance"
          disabled={!ready || busy}
          loading={props.running === 'enhance'}
          onClick={() => props.onRun('enhance')}
        />
        <Button
          type="submit"
          intent="primary"
          icon="predictive-analysis"
          text="Analyse"
          disabled={!ready || busy}
          loading={props.running === 'analyze'}
        />
      </div>
    </form>
  );
}
