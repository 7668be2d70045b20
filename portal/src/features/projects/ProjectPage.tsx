import { Alert, Button, Card, H2, H4, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Project } from '@ideamine/shared/contract/projects';
import { formatRelative } from '@ideamine/shared/format';
import { messageOf } from '../../api/errors';
import { useAuth } from '../../auth/AuthProvider';
import { useNotifications } from '../../layout/Notifications';
import { projectQuery, useDeleteProject } from '../../queries/projects';
import { ButtonLink } from '../account/ButtonLink';
import { QueryState } from '../common/QueryState';
import { AddIdeaForm } from './AddIdeaForm';
import { ProjectIdeaList } from './ProjectIdeaList';

// /my/projects/$id: the project with its ideas; add or remove ideas, edit, share or delete it.

function ProjectActions({ project }: { project: Project }) {
  const navigate = useNavigate();
  const { notify } = useNotifications();
  const remove = useDeleteProject(project.id);
  const [confirming, setConfirming] = useState(false);
  const id = String(project.id);
  return (
    <div className="im-row">
      <ButtonLink to="/my/projects/$id/edit" params={{ id }} icon="edit" text="Edit" />
      <ButtonLink
        to="/my/projects/$id/share"
        params={{ id }}
        icon="share"
        text={project.share ? 'Share link' : 'Share'}
      />
      <Button
        icon="trash"
        intent="danger"
        variant="minimal"
        text="Delete"
        loading={remove.isPending}
        onClick={() => setConfirming(true)}
      />
      <Alert
        isOpen={confirming}
        intent="danger"
        icon="trash"
        confirmButtonText="Delete project"
        cancelButtonText="Cancel"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove
            .deleteAndLeave(() => navigate({ to: '/my/projects' }))
            .then(() => notify(`Project "${project.name}" deleted`, 'success'))
            .catch((error: unknown) => notify(messageOf(error, 'Failed to delete the project'), 'error'));
        }}
      >
        <p>
          Delete “{project.name}”? Its ideas stay on Ideamine, but the project, its notes and its share link are gone.
        </p>
      </Alert>
    </div>
  );
}

function ProjectView({ project }: { project: Project }) {
  return (
    <div>
      <div className="im-section-head">
        <H2>{project.name}</H2>
        <ProjectActions project={project} />
      </div>
      <div className="im-row im-section">
        {project.share ? (
          <Tag intent="success" icon="link" minimal>
            Shared by link
          </Tag>
        ) : (
          <Tag minimal>Private</Tag>
        )}
        <span className="im-muted">Updated {formatRelative(project.updated_at)}</span>
      </div>
      {project.description && <p className="im-body-text">{project.description}</p>}
      {project.notes && (
        <Card className="im-section">
          <H4>Notes</H4>
          <p className="im-body-text">{project.notes}</p>
        </Card>
      )}
      <Card className="im-section">
        <H4>Ideas ({project.ideas.length})</H4>
        <ProjectIdeaList projectId={project.id} ideas={project.ideas} />
      </Card>
      <Card className="im-section">
        <AddIdeaForm projectId={project.id} />
      </Card>
    </div>
  );
}

export function ProjectPage({ projectId }: { projectId: number }) {
  const { client } = useAuth();
  const project = useQuery(projectQuery(client, projectId));
  return (
    <QueryState query={project} errorFallback="Failed to load the project">
      {(data) => <ProjectView project={data} />}
    </QueryState>
  );
}
