import { TextField } from '../common/fields';

/** The reason a queue or task change needs: required by the API and kept in the audit log. */
export function ReasonField(props: { value: string; error: unknown; onChange(value: string): void }) {
  return (
    <TextField
      name="reason"
      label="Reason"
      required
      maxLength={500}
      help="Recorded in the audit log."
      error={props.error}
      value={props.value}
      onChange={props.onChange}
    />
  );
}
