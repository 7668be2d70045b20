import { H2, NonIdealState } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import type { SharedProject } from '@ideamine/shared/contract/projects';
import { formatTimestamp } from '@ideamine/shared/format';
import { ApiClientError } from '../../api/errors';
import { useAuth } from '../../auth/AuthProvider';
import { keys } from '../../queries/keys';
import { QueryState } from '../common/QueryState';
import { IdeaGrid } from '../ideas/IdeaGrid';

/** A project shared by link: read-only, for anyone holding the link, signed in or not. */
export function SharedProjectPage({ token }: { token: string }) {
  const { client } = useAuth();
  const query = useQuery({
    queryKey: keys.projects.shared(token),
    queryFn: async () =>
      (await client.get<SharedProject>(`/shared/${encodeURIComponent(token)}`, { auth: false })).data,
  });
  if (query.error instanceof ApiClientError && query.error.status === 404)
    return (
      <NonIdealState
        icon="unlink"
        title="This link does not work"
        description="The project was unshared or the link is mistyped."
      />
    );
  return (
    <QueryState query={query} errorFallback="Failed to load the shared project">
      {(project) => (
        <div>
          <H2>{project.name}</H2>
          <p className="im-muted">
            Shared by {project.owner.display_name} · updated {formatTimestamp(project.updated_at)}
          </p>
          {project.description && <p className="im-body-text">{project.description}</p>}
          {project.ideas.length === 0 ? (
            <NonIdealState icon="inbox" description="This project has no public ideas yet." />
          ) : (
            <IdeaGrid ideas={project.ideas} />
          )}
        </div>
      )}
    </QueryState>
  );
}
