import { HTMLSelect } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/AuthProvider';
import { fetchSchemas } from '../api/schemas';
import { FieldFrame, inputId } from './fields';

// The extraction schema of a job, a schedule's job template or a raw page: "Automatic" (the
// transform stage detects it) or one of the first 100 schemas. A stored id not among them stays
// selectable, so saving never drops it.

export function SchemaPicker(props: {
  name: string;
  /** A schema id as text; empty for Automatic. */
  value: string;
  help: string;
  error: unknown;
  onChange(value: string): void;
}) {
  const { client } = useAuth();
  const schemas = useQuery({ queryKey: ['admin', 'schemas', 'options'], queryFn: () => fetchSchemas(client, 1, 100) });
  const items = schemas.data?.items ?? [];
  const unknown = props.value !== '' && !items.some((s) => String(s.id) === props.value);
  return (
    <FieldFrame
      name={props.name}
      label="Schema"
      error={props.error}
      help={schemas.error ? 'The schemas could not be loaded; Automatic still works.' : props.help}
    >
      <HTMLSelect id={inputId(props.name)} value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
        <option value="">Automatic</option>
        {unknown && <option value={props.value}>Schema {props.value}</option>}
        {items.map((s) => (
          <option key={s.id} value={String(s.id)}>
            {s.name}
          </option>
        ))}
      </HTMLSelect>
    </FieldFrame>
  );
}
