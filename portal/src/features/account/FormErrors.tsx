import { Callout } from '@blueprintjs/core';
import { formLevelError } from './form-errors';

/** A refused form's message when no field of the form shows it. */
export function FormErrorCallout(props: { error: unknown; fields: readonly string[]; fallback: string }) {
  const message = formLevelError(props.error, props.fields, props.fallback);
  if (!message) return null;
  return (
    <Callout intent="danger" icon="error" role="alert" className="im-section">
      {message}
    </Callout>
  );
}

/** FormGroup props for a field: the danger intent and the API's message when it names the field. */
export function fieldProps(message: string | undefined, helperText?: string) {
  return message ? { intent: 'danger' as const, helperText: message } : { helperText };
}
