import { FormGroup, InputGroup, NumericInput, Switch, TextArea } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { fieldErrorOf } from '../../features/account/form-errors';
import { fieldProps } from '../../features/account/FormErrors';

// Form fields of the operator screens: a label, the input, and the API's message under the
// field it names (the API says which field it refused; spec s5 and ARCHITECTURE conventions).

interface FieldBase {
  /** The API field name: the input's id and where its error message is looked up. */
  name: string;
  label: string;
  error: unknown;
  help?: string;
  required?: boolean;
}

/** The id of a field's input, so its label points at it (`job_template.tag` -> field-job-template-tag). */
export const inputId = (name: string) => `field-${name.replace(/[^a-z0-9]+/gi, '-')}`;

const intentOf = (error: unknown, name: string) => (fieldErrorOf(error, name) ? 'danger' : undefined);

/** The frame every field shares; custom inputs (selects, pickers) go inside it with `inputId(name)`. */
export function FieldFrame(props: FieldBase & { children: ReactNode }) {
  return (
    <FormGroup
      label={props.label}
      labelFor={inputId(props.name)}
      labelInfo={props.required ? '(required)' : undefined}
      {...fieldProps(fieldErrorOf(props.error, props.name), props.help)}
    >
      {props.children}
    </FormGroup>
  );
}

export function TextField(
  props: FieldBase & { value: string; onChange(value: string): void; maxLength?: number; placeholder?: string },
) {
  return (
    <FieldFrame {...props}>
      <InputGroup
        id={inputId(props.name)}
        value={props.value}
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        required={props.required}
        intent={intentOf(props.error, props.name)}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      />
    </FieldFrame>
  );
}

export function TextAreaField(
  props: FieldBase & {
    value: string;
    onChange(value: string): void;
    rows?: number;
    maxLength?: number;
    code?: boolean;
  },
) {
  return (
    <FieldFrame {...props}>
      <TextArea
        id={inputId(props.name)}
        fill
        rows={props.rows ?? 4}
        maxLength={props.maxLength}
        value={props.value}
        required={props.required}
        className={props.code ? 'bp6-monospace-text' : undefined}
        intent={intentOf(props.error, props.name)}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      />
    </FieldFrame>
  );
}

export function NumberField(
  props: FieldBase & {
    value: number | undefined;
    onChange(value: number | undefined): void;
    min?: number;
    max?: number;
  },
) {
  return (
    <FieldFrame {...props}>
      <NumericInput
        id={inputId(props.name)}
        value={props.value ?? ''}
        min={props.min}
        max={props.max}
        minorStepSize={null}
        // Arrow keys step the value; Blueprint's step buttons would point at an id ours replaces.
        buttonPosition="none"
        allowNumericCharactersOnly
        intent={intentOf(props.error, props.name)}
        onValueChange={(value, text) => props.onChange(text.trim() === '' || Number.isNaN(value) ? undefined : value)}
      />
    </FieldFrame>
  );
}

/** An on/off field: the switch carries the label, so the frame has none. */
export function SwitchField(
  props: Omit<FieldBase, 'required'> & { checked: boolean; onChange(checked: boolean): void },
) {
  return (
    <FormGroup {...fieldProps(fieldErrorOf(props.error, props.name), props.help)}>
      <Switch label={props.label} checked={props.checked} onChange={(e) => props.onChange(e.currentTarget.checked)} />
    </FormGroup>
  );
}
