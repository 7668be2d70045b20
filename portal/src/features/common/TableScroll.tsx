import { useEffect, useRef, type ReactNode } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]';

/**
 * A table that may be wider than the screen (a phone, a narrow widget) scrolls inside this box
 * instead of widening the page. A keyboard user scrolls it by moving through its links and
 * buttons; a table with none gets the box itself as a Tab stop, so one Tab stop is never added
 * on top of controls that already reach it.
 */
export function TableScroll(props: { label: string; className?: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  // Only the attribute changes, never state, so this cannot feed back into rendering.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    if (element.querySelector(FOCUSABLE)) element.removeAttribute('tabindex');
    else element.tabIndex = 0;
  });
  return (
    <div
      ref={box}
      className={props.className ? `im-table-scroll ${props.className}` : 'im-table-scroll'}
      role="region"
      aria-label={props.label}
      tabIndex={0}
    >
      {props.children}
    </div>
  );
}
