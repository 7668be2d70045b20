import { Button, HTMLTable } from '@blueprintjs/core';
import { Link } from '@tanstack/react-router';
import type { ProjectIdea } from '@ideamine/shared/contract/projects';
import { formatShortDate, ideaScore } from '@ideamine/shared/format';
import { messageOf } from '../../api/errors';
import { useNotifications } from '../../layout/Notifications';
import { useRemoveProjectIdea } from '../../queries/projects';
import { Empty } from '../common/QueryState';
import { ScoreTag, ideaPath } from '../ideas/IdeaCard';

// A project's ideas in their order, each with its note and a button to take it out.

export function ProjectIdeaList(props: { projectId: number; ideas: ProjectIdea[] }) {
  const { notify } = useNotifications();
  const remove = useRemoveProjectIdea(props.projectId);
  if (props.ideas.length === 0)
    return (
      <Empty
        icon="lightbulb"
        message="No ideas in this project yet. Find one by its title below, or use “Add to project” on any idea."
      />
    );
  return (
    <HTMLTable striped aria-label="Ideas in the project" style={{ width: '100%' }}>
      <thead>
        <tr>
          <th>#</th>
          <th>Idea</th>
          <th>Score</th>
          <th>Note</th>
          <th>Added</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {props.ideas.map((idea) => (
          <tr key={idea.id}>
            <td>{idea.position}</td>
            <td>
              <Link to={ideaPath(idea)}>{idea.title}</Link>
              <div className="im-muted">{idea.profit_potential ?? ''}</div>
            </td>
            <td>
              <ScoreTag score={ideaScore(idea)} />
            </td>
            <td className="im-body-text">{idea.note}</td>
            <td>{formatShortDate(idea.added_at)}</td>
            <td>
              <Button
                variant="minimal"
                intent="danger"
                icon="minus"
                text="Remove"
                loading={remove.isPending && remove.variables === idea.id}
                onClick={() =>
                  remove.mutate(idea.id, {
                    onSuccess: () => notify(`"${idea.title}" removed from the project`, 'success'),
                    onError: (error) => notify(messageOf(error, 'Failed to remove the idea'), 'error'),
                  })
                }
              />
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
