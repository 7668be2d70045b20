import { Button, Icon, Tooltip } from '@blueprintjs/core';
import { Link } from '@tanstack/react-router';
import { useAuth } from '../auth/AuthProvider';
import { sidebarFor, type NavSection } from '@ideamine/shared/navigation';

// The sidebar of spec s2: 260 px wide, 70 px collapsed (icons only, labels as tooltips).

export const SIDEBAR_WIDTH = 260;
export const SIDEBAR_COLLAPSED_WIDTH = 70;

export function SidebarNav(props: { sections: NavSection[]; collapsed: boolean; onNavigate?: () => void }) {
  return (
    <nav aria-label="Sidebar">
      {props.sections.map((section, i) => (
        <div key={section.title ?? i} className="im-nav-section">
          {section.title && !props.collapsed && <div className="im-nav-title">{section.title}</div>}
          {section.items.map((item) => {
            const link = (
              <Link
                key={item.to + item.label}
                to={item.to}
                className="im-nav-item"
                activeProps={{ className: 'im-nav-item active' }}
                activeOptions={{ exact: item.to === '/' || item.to === '/dashboard' || item.to === '/admin' }}
                onClick={props.onNavigate}
                aria-label={item.label}
              >
                <Icon icon={item.icon} />
                {!props.collapsed && <span>{item.label}</span>}
              </Link>
            );
            return props.collapsed ? (
              <Tooltip key={item.to + item.label} content={item.label} placement="right">
                {link}
              </Tooltip>
            ) : (
              link
            );
          })}
        </div>
      ))}
    </nav>
  );
}

export function Sidebar(props: { collapsed: boolean; onToggle(): void }) {
  const { user } = useAuth();
  return (
    <aside
      className="im-sidebar"
      style={{ width: props.collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH }}
      data-collapsed={props.collapsed}
    >
      <SidebarNav sections={sidebarFor(user)} collapsed={props.collapsed} />
      <Button
        variant="minimal"
        className="im-sidebar-toggle"
        icon={props.collapsed ? 'chevron-right' : 'chevron-left'}
        aria-label={props.collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        onClick={props.onToggle}
      />
    </aside>
  );
}
