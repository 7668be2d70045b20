import type { ApiClientError } from '../../api/errors';
import { localFieldError } from '../common/local-error';

// A setting's value as its editor holds it: the kind (from the default's type, as the server
// keeps no schema), and the text, number or flag being edited.

export type Kind = 'boolean' | 'number' | 'string' | 'json';

export const kindOf = (v: unknown): Kind =>
  typeof v === 'boolean' ? 'boolean' : typeof v === 'number' ? 'number' : typeof v === 'string' ? 'string' : 'json';

/** A value as one line of text for the table. */
export function valueText(v: unknown): string {
  if (typeof v === 'string') return v === '' ? '(empty)' : v;
  if (typeof v === 'boolean') return v ? 'On' : 'Off';
  return JSON.stringify(v) ?? '';
}

export interface ValueDraft {
  kind: Kind;
  bool: boolean;
  num: number | undefined;
  text: string;
}

export const valueDraftOf = (kind: Kind, v: unknown): ValueDraft => ({
  kind,
  bool: v === true,
  num: typeof v === 'number' ? v : undefined,
  text: kind === 'json' ? JSON.stringify(v ?? null, null, 2) : typeof v === 'string' ? v : '',
});

/** The value a draft stands for, or a refusal to show under the value. */
export function valueOf(d: ValueDraft): { value: unknown } | { error: ApiClientError } {
  switch (d.kind) {
    case 'boolean':
      return { value: d.bool };
    case 'number':
      return d.num === undefined ? { error: localFieldError('value', 'value must be a number') } : { value: d.num };
    case 'string':
      return { value: d.text };
    case 'json':
      try {
        return { value: JSON.parse(d.text) };
      } catch (e) {
        return { error: localFieldError('value', `value is not valid JSON: ${(e as Error).message}`) };
      }
  }
}
