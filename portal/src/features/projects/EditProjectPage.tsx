import { Card, H2 } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { messageOf } from '../../api/errors';
import { useAuth } from '../../auth/AuthProvider';
import { useNotifications } from '../../layout/Notifications';
import { projectQuery, useUpdateProject } from '../../queries/projects';
import { QueryState } from '../common/QueryState';
import { ProjectForm } from './ProjectForm';

// /my/projects/$id/edit: change the name, description or notes.

const FALLBACK = 'Failed to save the project';

export function EditProjectPage({ projectId }: { projectId: number }) {
  const { client } = useAuth();
  const navigate = useNavigate();
  const { notify } = useNotifications();
  const project = useQuery(projectQuery(client, projectId));
  const update = useUpdateProject(projectId);
  const back = () => navigate({ to: '/my/projects/$id', params: { id: String(projectId) } });
  return (
    <div className="im-narrow">
      <H2>Edit project</H2>
      <QueryState query={project} errorFallback="Failed to load the project">
        {(data) => (
          <Card>
            <ProjectForm
              initial={{ name: data.name, description: data.description, notes: data.notes }}
              submitText="Save project"
              pending={update.isPending}
              error={update.error}
              fallback={FALLBACK}
              onCancel={back}
              onSubmit={({ name, description, notes }) =>
                update.mutate(
                  { name, description, notes },
                  {
                    onSuccess: () => {
                      notify('Project saved', 'success');
                      void back();
                    },
                    onError: (error) => notify(messageOf(error, FALLBACK), 'error'),
                  },
                )
              }
            />
          </Card>
        )}
      </QueryState>
    </div>
  );
}
