import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  Project,
  ProjectSummary,
  UpdateProjectBody,
  createProjectBody,
  shareLinkSchema,
} from '@ideamine/shared/contract/projects';
import type { ApiClient } from '../api/client';
import { useAuth } from '../auth/AuthProvider';
import { keys } from './keys';
import { fetchPage } from './paged';

// The caller's projects. Every call that changes a project answers the whole project, so the
// detail cache is set from the answer and only the lists (idea counts, share status) refetch.

export type ShareLink = z.infer<typeof shareLinkSchema>;
export type NewProject = z.input<typeof createProjectBody>;

export const PROJECT_PAGE_SIZE = 10;

export const projectListQuery = (client: ApiClient, page: number) =>
  queryOptions({
    queryKey: keys.projects.list(page),
    queryFn: () => fetchPage<ProjectSummary>(client, '/projects', { page, page_size: PROJECT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

export const projectQuery = (client: ApiClient, id: number) =>
  queryOptions({
    queryKey: keys.projects.detail(id),
    queryFn: async () => (await client.get<Project>(`/projects/${id}`)).data,
  });

/** Stores the project an answer carries and marks the lists stale. */
function useProjectAnswer() {
  const queryClient = useQueryClient();
  return async (project: Project) => {
    queryClient.setQueryData(keys.projects.detail(project.id), project);
    await queryClient.invalidateQueries({ queryKey: keys.projects.lists });
  };
}

export function useCreateProject() {
  const { client } = useAuth();
  const onAnswer = useProjectAnswer();
  return useMutation({
    mutationFn: async (body: NewProject) => (await client.post<Project>('/projects', body)).data,
    onSuccess: onAnswer,
  });
}

export function useUpdateProject(id: number) {
  const { client } = useAuth();
  const onAnswer = useProjectAnswer();
  return useMutation({
    mutationFn: async (body: UpdateProjectBody) => (await client.put<Project>(`/projects/${id}`, body)).data,
    onSuccess: onAnswer,
  });
}

/**
 * Deletes the project, lets the caller leave its page, and only then drops it from the cache
 * (dropping it while the page still shows it would refetch it and flash a 404).
 */
export function useDeleteProject(id: number) {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async () => (await client.delete<{ message: string }>(`/projects/${id}`)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.projects.lists }),
  });
  const { mutateAsync } = mutation;
  const deleteAndLeave = async (leave: () => Promise<unknown>) => {
    await mutateAsync();
    await leave();
    queryClient.removeQueries({ queryKey: keys.projects.detail(id) });
  };
  return { deleteAndLeave, isPending: mutation.isPending };
}

export function useAddProjectIdea(id: number) {
  const { client } = useAuth();
  const onAnswer = useProjectAnswer();
  return useMutation({
    mutationFn: async (body: { knowledge_id: number; note?: string }) =>
      (await client.post<Project>(`/projects/${id}/ideas`, body)).data,
    onSuccess: onAnswer,
  });
}

export function useRemoveProjectIdea(id: number) {
  const { client } = useAuth();
  const onAnswer = useProjectAnswer();
  return useMutation({
    mutationFn: async (knowledgeId: number) =>
      (await client.delete<Project>(`/projects/${id}/ideas/${knowledgeId}`)).data,
    onSuccess: onAnswer,
  });
}

export function useShareProject(id: number) {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await client.post<ShareLink>(`/projects/${id}/share`)).data,
    onSuccess: async (share) => {
      queryClient.setQueryData<Project>(keys.projects.detail(id), (project) =>
        project ? { ...project, share, is_shared: true, shared_at: share.shared_at } : project,
      );
      await queryClient.invalidateQueries({ queryKey: keys.projects.lists });
    },
  });
}

/** Revoking answers the project; the old link's shared view is dropped from the cache. */
export function useUnshareProject(id: number) {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  const onAnswer = useProjectAnswer();
  return useMutation({
    mutationFn: async (token: string) => ({
      token,
      project: (await client.delete<Project>(`/projects/${id}/share`)).data,
    }),
    onSuccess: async ({ token, project }) => {
      queryClient.removeQueries({ queryKey: keys.projects.shared(token) });
      await onAnswer(project);
    },
  });
}
