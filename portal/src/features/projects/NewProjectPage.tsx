import { Card, H2 } from '@blueprintjs/core';
import { useNavigate } from '@tanstack/react-router';
import { messageOf } from '../../api/errors';
import { useNotifications } from '../../layout/Notifications';
import { useCreateProject } from '../../queries/projects';
import { ProjectForm } from './ProjectForm';

// /my/projects/new: a project's name, description, private notes and, optionally, its first ideas.

const FALLBACK = 'Failed to create the project';

export function NewProjectPage() {
  const navigate = useNavigate();
  const { notify } = useNotifications();
  const create = useCreateProject();
  return (
    <div className="im-narrow">
      <H2>New project</H2>
      <Card>
        <ProjectForm
          initial={{ name: '', description: '', notes: '' }}
          withIdeaIds
          submitText="Create project"
          pending={create.isPending}
          error={create.error}
          fallback={FALLBACK}
          onCancel={() => navigate({ to: '/my/projects' })}
          onSubmit={(values) =>
            create.mutate(values, {
              onSuccess: (project) => {
                notify(`Project "${project.name}" created`, 'success');
                void navigate({ to: '/my/projects/$id', params: { id: String(project.id) } });
              },
              onError: (error) => notify(messageOf(error, FALLBACK), 'error'),
            })
          }
        />
      </Card>
    </div>
  );
}
