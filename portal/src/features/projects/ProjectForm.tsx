import { Button, FormGroup, InputGroup, TextArea } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { PROJECT_MAX_IDEAS } from '@ideamine/shared/contract/projects';
import { fieldErrorOf } from '../account/form-errors';
import { FormErrorCallout, fieldProps } from '../account/FormErrors';
import { parseIdeaIds } from '../profit/parse-ids';

// The fields of a project, for creating one (optionally with ideas) and for editing one.

export interface ProjectFields {
  name: string;
  description: string;
  notes: string;
}

export interface ProjectFormValues extends ProjectFields {
  knowledge_ids: number[];
}

const FIELDS = ['name', 'description', 'notes', 'knowledge_ids'] as const;

export function ProjectForm(props: {
  initial: ProjectFields;
  /** Creating a project may add ideas by id at once. */
  withIdeaIds?: boolean;
  submitText: string;
  pending: boolean;
  error: unknown;
  fallback: string;
  onSubmit(values: ProjectFormValues): void;
  onCancel(): void;
}) {
  const [fields, setFields] = useState<ProjectFields>(props.initial);
  const [ideaIds, setIdeaIds] = useState('');
  const parsed = parseIdeaIds(ideaIds);
  const idsProblem = parsed.invalid.length
    ? `Not idea ids: ${parsed.invalid.slice(0, 5).join(', ')}`
    : parsed.ids.length > PROJECT_MAX_IDEAS
      ? `A project holds at most ${PROJECT_MAX_IDEAS} ideas`
      : undefined;
  const ready = fields.name.trim() !== '' && !idsProblem;
  const errorFor = (field: string) => fieldErrorOf(props.error, field);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready) return;
    props.onSubmit({
      name: fields.name.trim(),
      description: fields.description.trim(),
      notes: fields.notes.trim(),
      knowledge_ids: parsed.ids,
    });
  }

  return (
    <form onSubmit={submit} aria-label="Project">
      <FormErrorCallout error={props.error} fields={FIELDS} fallback={props.fallback} />
      <FormGroup label="Name" labelFor="project-name" labelInfo="(required)" {...fieldProps(errorFor('name'))}>
        <InputGroup
          id="project-name"
          value={fields.name}
          maxLength={120}
          onChange={(e) => setFields({ ...fields, name: e.currentTarget.value })}
          required
        />
      </FormGroup>
      <FormGroup
        label="Description"
        labelFor="project-description"
        {...fieldProps(errorFor('description'), 'Shown on the shared page too.')}
      >
        <TextArea
          id="project-description"
          fill
          rows={3}
          maxLength={2000}
          value={fields.description}
          onChange={(e) => setFields({ ...fields, description: e.currentTarget.value })}
        />
      </FormGroup>
      <FormGroup
        label="Notes"
        labelFor="project-notes"
        {...fieldProps(errorFor('notes'), 'Private: never shown on the shared page.')}
      >
        <TextArea
          id="project-notes"
          fill
          rows={5}
          maxLength={10_000}
          value={fields.notes}
          onChange={(e) => setFields({ ...fields, notes: e.currentTarget.value })}
        />
      </FormGroup>
      {props.withIdeaIds && (
        <FormGroup
          label="Ideas"
          labelFor="project-idea-ids"
          labelInfo="(optional idea ids, separated by commas or spaces)"
          {...fieldProps(idsProblem ?? errorFor('knowledge_ids'), 'You can add ideas later too.')}
        >
          <InputGroup
            id="project-idea-ids"
            value={ideaIds}
            placeholder="12, 57"
            onChange={(e) => setIdeaIds(e.currentTarget.value)}
          />
        </FormGroup>
      )}
      <div className="im-row">
        <Button
          type="submit"
          intent="primary"
          icon="floppy-disk"
          text={props.submitText}
          loading={props.pending}
          disabled={!ready}
        />
        <Button text="Cancel" disabled={props.pending} onClick={props.onCancel} />
      </div>
    </form>
  );
}
