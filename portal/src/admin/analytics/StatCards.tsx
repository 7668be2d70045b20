import { Card } from '@blueprintjs/core';

/** A row of headline figures: label, value and an optional note under it. */
export function StatCards(props: { cards: [string, string, string?][] }) {
  return (
    <div className="im-stat-grid im-section">
      {props.cards.map(([label, value, note]) => (
        <Card key={label} compact>
          <div className="im-muted">{label}</div>
          <div className="im-stat-value">{value}</div>
          {note && <div className="im-muted">{note}</div>}
        </Card>
      ))}
    </div>
  );
}
