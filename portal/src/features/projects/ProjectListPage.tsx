import { Button, H2, HTMLTable, Tag } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatCount, formatRelative } from '@ideamine/shared/format';
import { useAuth } from '../../auth/AuthProvider';
import { projectListQuery } from '../../queries/projects';
import { ButtonLink } from '../account/ButtonLink';
import { Pager } from '../common/Pager';
import { Empty, QueryState } from '../common/QueryState';
import { TableScroll } from '../common/TableScroll';

// /my/projects: the user's projects, recently changed first, with idea counts and share status.

export function ProjectListPage(props: { page: number; onPage(page: number): void }) {
  const { client } = useAuth();
  const projects = useQuery(projectListQuery(client, props.page));
  return (
    <div>
      <div className="im-section-head">
        <H2>My projects</H2>
        <ButtonLink to="/my/projects/new" intent="primary" icon="folder-new" text="New project" />
      </div>
      <p className="im-muted">Collect ideas into projects with private notes, and share a read-only view by link.</p>
      <QueryState query={projects} errorFallback="Failed to load your projects">
        {(data) =>
          data.items.length === 0 ? (
            <Empty
              message={props.page > 1 ? 'This page is empty.' : 'No projects yet. Create one to collect ideas.'}
              action={
                props.page > 1 ? (
                  <Button text="First page" onClick={() => props.onPage(1)} />
                ) : (
                  <ButtonLink to="/my/projects/new" intent="primary" icon="folder-new" text="Create a project" />
                )
              }
            />
          ) : (
            <>
              <TableScroll label="Projects table">
                <HTMLTable striped interactive aria-label="Projects" style={{ width: '100%' }}>
                  <thead>
                    <tr>
                      <th>Name</th>
                      <th>Description</th>
                      <th>Ideas</th>
                      <th>Shared</th>
                      <th>Updated</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((project) => (
                      <tr key={project.id}>
                        <td>
                          <Link to="/my/projects/$id" params={{ id: String(project.id) }}>
                            {project.name}
                          </Link>
                        </td>
                        <td className="im-muted">{project.description}</td>
                        <td>{formatCount(project.idea_count)}</td>
                        <td>
                          {project.is_shared ? (
                            <Tag intent="success" icon="link" minimal>
                              Shared
                            </Tag>
                          ) : (
                            <Tag minimal>Private</Tag>
                          )}
                        </td>
                        <td>{formatRelative(project.updated_at)}</td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              </TableScroll>
              <Pager pagination={data.pagination} onPage={props.onPage} unit={['project', 'projects']} />
            </>
          )
        }
      </QueryState>
    </div>
  );
}
