import { Button, Dialog, DialogBody, DialogFooter, FormGroup, H4, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { useAuth } from '../../auth/AuthProvider';
import { OwnershipDialog, VisibilityDialog } from '../../features/ideas/IdeaAdminControls';
import { keys } from '../../queries/keys';
import { knowledgeKeys, setOwner, setVisibility, toggleEditorPick, type KnowledgeItem } from '../api/knowledge';
import { useAdminMutation } from '../common/use-admin-mutation';

// What only admins do with an idea (spec s6): editor's pick with a message, visibility, owner.

function EditorPickDialog(props: {
  picked: boolean;
  pending: boolean;
  onClose(): void;
  onSave(message: string): void;
}) {
  const [message, setMessage] = useState('');
  return (
    <Dialog isOpen title={props.picked ? "Remove editor's pick" : "Make editor's pick"} onClose={props.onClose}>
      <DialogBody>
        {props.picked ? (
          <p>This idea stops showing among the editor&apos;s picks.</p>
        ) : (
          <FormGroup
            label="Message (optional)"
            labelFor="editor-pick-message"
            helperText="Why the editors picked it; shown with the idea."
          >
            <TextArea
              id="editor-pick-message"
              fill
              rows={3}
              maxLength={500}
              value={message}
              onChange={(e) => setMessage(e.currentTarget.value)}
            />
          </FormGroup>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={props.onClose} />
            <Button
              intent="primary"
              text={props.picked ? 'Remove pick' : 'Pick'}
              loading={props.pending}
              onClick={() => props.onSave(message.trim())}
            />
          </>
        }
      />
    </Dialog>
  );
}

export function AdminControls({ idea }: { idea: KnowledgeItem }) {
  const { client } = useAuth();
  const [open, setOpen] = useState<'pick' | 'visibility' | 'ownership' | null>(null);
  const invalidate = [knowledgeKeys.all, keys.ideas.all];
  const close = () => setOpen(null);
  const pick = useAdminMutation({
    mutationFn: (message: string) => toggleEditorPick(client, idea.id, message || undefined),
    invalidate,
    success: (k) => (k.editor_pick ? "Marked as editor's pick" : "Editor's pick removed"),
    errorFallback: "Failed to change the editor's pick",
    onSuccess: close,
  });
  const visibility = useAdminMutation({
    mutationFn: (v: 'public' | 'private') => setVisibility(client, idea.id, v),
    invalidate,
    success: (k) => `The idea is now ${k.visibility}`,
    errorFallback: 'Failed to change the visibility',
    onSuccess: close,
  });
  const owner = useAdminMutation({
    mutationFn: (userId: number | null) => setOwner(client, idea.id, userId),
    invalidate,
    success: (k) => (k.user_id === null ? 'Owner removed: admin-only access' : `Owner set to user ${k.user_id}`),
    errorFallback: 'Failed to change the owner',
    onSuccess: close,
  });
  return (
    <section className="im-section" aria-label="Admin controls">
      <H4>Admin controls</H4>
      <div className="im-row">
        <Button
          icon="star"
          intent={idea.editor_pick ? 'warning' : undefined}
          text={idea.editor_pick ? "Remove editor's pick" : "Make editor's pick"}
          onClick={() => setOpen('pick')}
        />
        <Button icon="eye-open" text="Visibility" onClick={() => setOpen('visibility')} />
        <Button icon="person" text="Ownership" onClick={() => setOpen('ownership')} />
      </div>
      {open === 'pick' && (
        <EditorPickDialog
          picked={idea.editor_pick}
          pending={pick.isPending}
          onClose={close}
          onSave={(m) => pick.mutate(m)}
        />
      )}
      {open === 'visibility' && (
        <VisibilityDialog current={idea.visibility} onClose={close} onSave={(v) => visibility.mutate(v)} />
      )}
      {open === 'ownership' && (
        <OwnershipDialog
          current={idea.user_id}
          onClose={close}
          onSave={(userId) => (userId === idea.user_id ? close() : owner.mutate(userId))}
        />
      )}
    </section>
  );
}
