import { Button } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { FormErrorCallout } from '../../features/account/FormErrors';

/**
 * The frame of an operator form: the refusal no field of the form shows (above), the fields, and
 * the submit button, with the form's other actions beside it.
 */
export function AdminForm(props: {
  /** The form's accessible name. */
  label: string;
  /** The API field names the form shows errors under. */
  fields: readonly string[];
  error: unknown;
  errorFallback: string;
  submitText: string;
  submitIcon?: IconName;
  submitDisabled?: boolean;
  pending: boolean;
  maxWidth?: number;
  className?: string;
  /** Shown beside the submit button (cancel a job, go back). */
  actions?: ReactNode;
  children: ReactNode;
  onSubmit(): void;
}) {
  const submit = (
    <Button
      type="submit"
      intent="primary"
      icon={props.submitIcon}
      text={props.submitText}
      disabled={props.submitDisabled}
      loading={props.pending}
    />
  );
  return (
    <form
      aria-label={props.label}
      className={props.className}
      style={props.maxWidth ? { maxWidth: props.maxWidth } : undefined}
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      <FormErrorCallout error={props.error} fields={props.fields} fallback={props.errorFallback} />
      {props.children}
      {props.actions ? (
        <div className="im-row">
          {submit}
          {props.actions}
        </div>
      ) : (
        submit
      )}
    </form>
  );
}
