import type { ReactNode } from 'react';

/**
 * A table that may be wider than the screen (a phone, a narrow widget) scrolls inside this box
 * instead of widening the page. The box is a named region in the Tab order, so a keyboard user
 * can scroll it too.
 */
export function TableScroll(props: { label: string; className?: string; children: ReactNode }) {
  return (
    <div
      className={props.className ? `im-table-scroll ${props.className}` : 'im-table-scroll'}
      role="region"
      aria-label={props.label}
      tabIndex={0}
    >
      {props.children}
    </div>
  );
}
