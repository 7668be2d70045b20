import { idParam } from '@ideamine/shared/contract/common';
import { editorPickBody, ownershipBody, visibilityBody } from '@ideamine/shared/contract/engagement';
import { knowledgeSchema } from '@ideamine/shared/contract/knowledge';
import { role } from '@ideamine/shared/permissions';
import { setOwner, setVisibility, toggleEditorPick } from '@ideamine/server/commands/knowledge-admin';
import { recordWatchlistMatches } from '@ideamine/server/commands/watchlist-deliveries';
import { presentKnowledge } from '../../presenters/knowledge';
import { sourcesOf } from '@ideamine/server/queries/knowledge';
import type { AppContext } from '@ideamine/server/context';
import type { KnowledgeRow } from '../../presenters/knowledge';
import { defineRoute, ok } from '../define';

// Spec s6: editor pick, visibility and ownership live under /admin and need the admin role.

const tag = 'Admin: knowledge';
const admin = role('admin');
const present = async (app: AppContext, row: KnowledgeRow) =>
  ok(presentKnowledge(row, await sourcesOf(app.db, row.id)));

export const adminKnowledgeRoutes = [
  defineRoute({
    id: 'admin.knowledge.editor_pick',
    method: 'POST',
    path: '/admin/knowledge/:id/editor-pick',
    summary: "Toggle the editor's pick (with an optional message); audited",
    tag,
    requirement: admin,
    params: idParam,
    body: editorPickBody,
    response: knowledgeSchema,
    handler: async ({ app, auth, params, body, client, requestId }) =>
      present(
        app,
        await toggleEditorPick(app.db, { id: auth!.user.id, ip: client.ip, requestId }, params.id, body.message),
      ),
  }),

  defineRoute({
    id: 'admin.knowledge.visibility',
    method: 'PUT',
    path: '/admin/knowledge/:id/visibility',
    summary: 'Make an idea public or private; audited',
    tag,
    requirement: admin,
    params: idParam,
    body: visibilityBody,
    response: knowledgeSchema,
    handler: async ({ app, auth, params, body, client, requestId }) => {
      const row = await setVisibility(
        app.db,
        { id: auth!.user.id, ip: client.ip, requestId },
        params.id,
        body.visibility,
      );
      // Made public: it now meets everyone's watchlists, as a newly scored idea does.
      if (body.visibility === 'public') await recordWatchlistMatches(app.db, app.boss, [params.id]);
      return present(app, row);
    },
  }),

  defineRoute({
    id: 'admin.knowledge.ownership',
    method: 'PUT',
    path: '/admin/knowledge/:id/ownership',
    summary: 'Give an idea to a user, or remove its owner with null (admin-only access); audited',
    tag,
    requirement: admin,
    params: idParam,
    body: ownershipBody,
    response: knowledgeSchema,
    handler: async ({ app, auth, params, body, client, requestId }) => {
      const row = await setOwner(app.db, { id: auth!.user.id, ip: client.ip, requestId }, params.id, body.user_id);
      // A private idea given to a user now meets that user's watchlists.
      await recordWatchlistMatches(app.db, app.boss, [params.id]);
      return present(app, row);
    },
  }),
];
