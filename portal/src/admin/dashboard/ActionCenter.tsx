import { Card, H5, Icon } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { Link } from '@tanstack/react-router';

// Action Center (spec s2): quick actions and the navigation hub, with the spec's targets (the
// short paths redirect to their portal screens).

const QUICK_ACTIONS: [string, string, IconName][] = [
  ['Submit an idea', '/submit', 'add'],
  ['Browse knowledge', '/knowledge', 'book'],
  ['Search knowledge', '/knowledge', 'search'],
  ['Settings', '/settings', 'cog'],
];

const HUB: [string, string, IconName][] = [
  ['Jobs', '/jobs', 'layers'],
  ['Knowledge', '/knowledge', 'book'],
  ['Rate limits', '/rate-limits', 'time'],
  ['Schedules', '/schedules', 'calendar'],
  ['Avatars', '/avatars', 'person'],
  ['Schemas', '/schemas', 'code-block'],
  ['System logs', '/system-logs', 'pulse'],
  ['Notifications', '/notifications', 'notifications'],
];

function LinkGrid(props: { title: string; links: [string, string, IconName][] }) {
  return (
    <Card className="im-section" role="region" aria-label={props.title}>
      <H5>{props.title}</H5>
      <div className="im-stat-grid">
        {props.links.map(([label, to, icon]) => (
          <Link key={label} to={to} className="im-card-link">
            <Card interactive compact>
              <Icon icon={icon} /> {label}
            </Card>
          </Link>
        ))}
      </div>
    </Card>
  );
}

export function ActionCenter() {
  return (
    <div>
      <LinkGrid title="Quick actions" links={QUICK_ACTIONS} />
      <LinkGrid title="Navigation hub" links={HUB} />
    </div>
  );
}
