import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Radio,
  RadioGroup,
} from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useAuth } from '../../auth/AuthProvider';
import { useNotifications } from '../../layout/Notifications';
import { keys } from '../../queries/keys';
import { fetchPage } from '../../queries/paged';
import type { Project, ProjectSummary } from '@ideamine/shared/contract/projects';
import { FormErrorCallout } from '../account/FormErrors';
import { Loading } from '../common/QueryState';

// "Add to project" from an idea: into one of the user's projects, or a new one named here.

const FALLBACK = 'The idea could not be added to the project';
/** Projects offered in the list; a user with more finds the rest on /my/projects. */
const PROJECT_CHOICES = 100;

export function AddToProjectDialog(props: { idea: { id: number; title: string }; onClose(): void }) {
  const { client } = useAuth();
  const { notify } = useNotifications();
  const queryClient = useQueryClient();
  const projects = useQuery({
    queryKey: [...keys.projects.lists, 'choices'],
    queryFn: () => fetchPage<ProjectSummary>(client, '/projects', { page: 1, page_size: PROJECT_CHOICES }),
  });
  const existing = projects.data?.items ?? [];
  const [mode, setMode] = useState<'existing' | 'new'>('existing');
  const [projectId, setProjectId] = useState('');
  const [name, setName] = useState('');
  const useNew = mode === 'new' || (!projects.isPending && existing.length === 0);
  const chosen = projectId || String(existing[0]?.id ?? '');

  const add = useMutation({
    mutationFn: async () => {
      const target = useNew
        ? (await client.post<Project>('/projects', { name: name.trim() })).data
        : { id: Number(chosen), name: existing.find((p) => String(p.id) === chosen)?.name ?? 'the project' };
      await client.post<Project>(`/projects/${target.id}/ideas`, { knowledge_id: props.idea.id });
      return target;
    },
    onSuccess: async (target) => {
      notify(`Added “${props.idea.title}” to ${target.name}`, 'success');
      await queryClient.invalidateQueries({ queryKey: keys.projects.all });
      props.onClose();
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    add.mutate();
  }

  const ready = !projects.isPending && (useNew ? name.trim().length > 0 : chosen !== '');
  return (
    <Dialog isOpen onClose={props.onClose} title="Add to project" icon="projects">
      <form onSubmit={submit} aria-label="Add to project">
        <DialogBody>
          <p>
            Add <strong>{props.idea.title}</strong> to:
          </p>
          <FormErrorCallout error={add.error} fields={['name', 'knowledge_id']} fallback={FALLBACK} />
          {projects.isPending && <Loading label="Loading your projects..." />}
          {existing.length > 0 && (
            <RadioGroup selectedValue={mode} onChange={(e) => setMode(e.currentTarget.value as 'existing' | 'new')}>
              <Radio value="existing" label="One of your projects" />
              <Radio value="new" label="A new project" />
            </RadioGroup>
          )}
          {!useNew && existing.length > 0 && (
            <FormGroup label="Project" labelFor="add-to-project-choice">
              <HTMLSelect
                id="add-to-project-choice"
                value={chosen}
                onChange={(e) => setProjectId(e.currentTarget.value)}
                fill
              >
                {existing.map((p) => (
                  <option key={p.id} value={String(p.id)}>
                    {p.name}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          )}
          {useNew && !projects.isPending && (
            <FormGroup
              label="New project's name"
              labelFor="add-to-project-name"
              helperText="You can describe and share it later."
            >
              <InputGroup
                id="add-to-project-name"
                maxLength={200}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                autoFocus
              />
            </FormGroup>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={props.onClose} />
              <Button
                type="submit"
                intent="primary"
                icon="add"
                text={useNew ? 'Create and add' : 'Add'}
                disabled={!ready}
                loading={add.isPending}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
