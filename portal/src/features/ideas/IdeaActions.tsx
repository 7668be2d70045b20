import { Button, Menu, MenuItem, Popover } from '@blueprintjs/core';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { checkAccess } from '@ideamine/shared/permissions';
import { matchPortalRoute } from '@ideamine/shared/routes';
import { useAuth } from '../../auth/AuthProvider';
import { AddToProjectDialog } from '../projects/AddToProjectDialog';

// From an idea to what a person does with it: add it to a project, analyse its profit. Shown to
// whoever may use those screens (by the route table); a visitor is offered sign-in and comes back.

type Idea = { id: number; title: string };

function useIdeaTools() {
  const { user } = useAuth();
  const allowed = (path: string) => checkAccess(user, matchPortalRoute(path)!.requirement).allowed;
  return { signedIn: Boolean(user), projects: allowed('/my/projects'), profit: allowed('/dashboard/profit-analysis') };
}

/** Buttons under an idea on its page. */
export function IdeaActions({ idea }: { idea: Idea }) {
  const tools = useIdeaTools();
  const navigate = useNavigate();
  const here = useRouterState({ select: (s) => s.location.href });
  const [adding, setAdding] = useState(false);
  if (!tools.signedIn)
    return (
      <div className="im-row im-section">
        <Button
          icon="log-in"
          text="Sign in to add it to a project or analyse its profit"
          onClick={() => navigate({ to: '/login', search: { redirect: here } })}
        />
      </div>
    );
  if (!tools.projects && !tools.profit) return null;
  return (
    <div className="im-row im-section">
      {tools.projects && <Button icon="projects" text="Add to project" onClick={() => setAdding(true)} />}
      {tools.profit && (
        <Button
          icon="dollar"
          text="Analyse profit"
          onClick={() => navigate({ to: '/dashboard/profit-analysis', search: { idea: idea.id } })}
        />
      )}
      {adding && <AddToProjectDialog idea={idea} onClose={() => setAdding(false)} />}
    </div>
  );
}

/** The same two actions in an idea card's menu. */
export function IdeaCardMenu({ idea }: { idea: Idea }) {
  const tools = useIdeaTools();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  if (!tools.projects && !tools.profit) return null;
  return (
    <>
      <Popover
        placement="bottom-end"
        content={
          <Menu aria-label={`Actions for ${idea.title}`}>
            {tools.projects && <MenuItem icon="projects" text="Add to project" onClick={() => setAdding(true)} />}
            {tools.profit && (
              <MenuItem
                icon="dollar"
                text="Analyse profit"
                onClick={() => navigate({ to: '/dashboard/profit-analysis', search: { idea: idea.id } })}
              />
            )}
          </Menu>
        }
      >
        <Button size="small" variant="minimal" icon="more" aria-label={`More actions for ${idea.title}`} />
      </Popover>
      {adding && <AddToProjectDialog idea={idea} onClose={() => setAdding(false)} />}
    </>
  );
}
