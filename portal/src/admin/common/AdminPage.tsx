import { H2 } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** The frame of an operator screen: title, a short explanation and the screen's main actions. */
export function AdminPage(props: { title: string; description?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <div>
      <div className="im-section-head">
        <H2>{props.title}</H2>
        {props.actions && <div className="im-row">{props.actions}</div>}
      </div>
      {props.description && <p className="im-muted">{props.description}</p>}
      {props.children}
    </div>
  );
}
