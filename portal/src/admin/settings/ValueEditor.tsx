import { NumberField, SwitchField, TextAreaField, TextField } from '../common/fields';
import type { ValueDraft } from './setting-value';

/** The editor a setting's kind calls for: a switch, a number, a line of text, or JSON. */
export function ValueEditor(props: { draft: ValueDraft; error: unknown; onChange(d: ValueDraft): void }) {
  const { draft, error } = props;
  const set = (patch: Partial<ValueDraft>) => props.onChange({ ...draft, ...patch });
  switch (draft.kind) {
    case 'boolean':
      return (
        <SwitchField name="value" label="Value" error={error} checked={draft.bool} onChange={(bool) => set({ bool })} />
      );
    case 'number':
      return (
        <NumberField name="value" label="Value" error={error} value={draft.num} onChange={(num) => set({ num })} />
      );
    case 'string':
      return (
        <TextField name="value" label="Value" error={error} value={draft.text} onChange={(text) => set({ text })} />
      );
    case 'json':
      return (
        <TextAreaField
          name="value"
          label="Value (JSON)"
          code
          rows={5}
          help='JSON, e.g. ["127.0.0.1", "10.0.0.0/8"] for a list.'
          error={error}
          value={draft.text}
          onChange={(text) => set({ text })}
        />
      );
  }
}
