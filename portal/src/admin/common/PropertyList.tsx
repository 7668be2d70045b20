import type { ReactNode } from 'react';

/** Label and value pairs of one record (detail screens). Empty values show an em dash. */
export function PropertyList(props: { items: [string, ReactNode][]; label?: string }) {
  return (
    <dl className="im-props" aria-label={props.label}>
      {props.items.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}
