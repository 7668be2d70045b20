import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '../../auth/AuthProvider';
import { keys } from '../../queries/keys';

// Card controls for admins (spec s5): change visibility (Update disabled until the value
// differs) and change ownership (trimmed; empty removes the owner; unchanged just closes).
// Failures are only logged, as the spec says.

interface AdminIdea {
  visibility: 'public' | 'private';
  user_id: number | null;
}

export function IdeaAdminControls({ ideaId }: { ideaId: number }) {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<'visibility' | 'ownership' | null>(null);
  const [current, setCurrent] = useState<AdminIdea | null>(null);

  async function openDialog(which: 'visibility' | 'ownership') {
    try {
      const idea = (await client.get<AdminIdea>(`/data/knowledge/${ideaId}`)).data;
      setCurrent(idea);
      setOpen(which);
    } catch (error) {
      console.error('Could not load the idea for its admin controls', error);
    }
  }

  async function save(path: string, body: unknown) {
    try {
      await client.put(`/admin/knowledge/${ideaId}/${path}`, body);
      void queryClient.invalidateQueries({ queryKey: keys.ideas.all });
    } catch (error) {
      console.error(`Updating ${path} failed`, error);
    }
    setOpen(null);
  }

  return (
    <span className="im-admin-controls">
      <Button
        size="small"
        variant="minimal"
        icon="eye-open"
        text="Visibility"
        onClick={() => openDialog('visibility')}
      />
      <Button size="small" variant="minimal" icon="person" text="Ownership" onClick={() => openDialog('ownership')} />
      {open === 'visibility' && current && (
        <VisibilityDialog
          current={current.visibility}
          onClose={() => setOpen(null)}
          onSave={(v) => save('visibility', { visibility: v })}
        />
      )}
      {open === 'ownership' && current && (
        <OwnershipDialog
          current={current.user_id}
          onClose={() => setOpen(null)}
          onSave={(userId) => (userId === current.user_id ? setOpen(null) : save('ownership', { user_id: userId }))}
        />
      )}
    </span>
  );
}

export function VisibilityDialog(props: {
  current: 'public' | 'private';
  onClose(): void;
  onSave(v: 'public' | 'private'): void;
}) {
  const [value, setValue] = useState(props.current);
  return (
    <Dialog isOpen title="Change visibility" onClose={props.onClose}>
      <DialogBody>
        <FormGroup label="Visibility" labelFor="visibility">
          <HTMLSelect
            id="visibility"
            value={value}
            onChange={(e) => setValue(e.currentTarget.value as 'public' | 'private')}
          >
            <option value="public">Public</option>
            <option value="private">Private</option>
          </HTMLSelect>
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={props.onClose} />
            <Button
              intent="primary"
              text="Update"
              disabled={value === props.current}
              onClick={() => props.onSave(value)}
            />
          </>
        }
      />
    </Dialog>
  );
}

export function OwnershipDialog(props: {
  current: number | null;
  onClose(): void;
  onSave(userId: number | null): void;
}) {
  const [value, setValue] = useState(props.current === null ? '' : String(props.current));
  const trimmed = value.trim();
  const invalid = trimmed !== '' && !/^\d+$/.test(trimmed);
  return (
    <Dialog isOpen title="Change ownership" onClose={props.onClose}>
      <DialogBody>
        <FormGroup
          label="Owner user id"
          labelFor="owner"
          helperText={invalid ? 'Enter a user id (digits only)' : 'Leave empty to remove ownership (admin-only access)'}
          intent={invalid ? 'danger' : 'none'}
        >
          <InputGroup id="owner" value={value} onChange={(e) => setValue(e.currentTarget.value)} />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={props.onClose} />
            <Button
              intent="primary"
              text="Update"
              disabled={invalid}
              onClick={() => props.onSave(trimmed === '' ? null : Number(trimmed))}
            />
          </>
        }
      />
    </Dialog>
  );
}
