import { Button, Callout, FormGroup, H4, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { formatTimestamp } from '@ideamine/shared/format';
import { hasRole, ROLES } from '@ideamine/shared/permissions';
import { useAuth } from '../../auth/AuthProvider';
import { FormErrorCallout, fieldProps } from '../../features/account/FormErrors';
import { fieldErrorOf } from '../../features/account/form-errors';
import { QueryState } from '../../features/common/QueryState';
import { deleteUser, fetchUser, updateUser, userKeys, type AdminUser, type UserChanges } from '../api/users';
import { AdminPage } from '../common/AdminPage';
import { ConfirmButton } from '../common/ConfirmButton';
import { FieldFrame, inputId, SwitchField } from '../common/fields';
import { InvalidId } from '../common/NotFound';
import { PropertyList } from '../common/PropertyList';
import { useAdminMutation } from '../common/use-admin-mutation';
import { useRecord } from '../common/use-record';
import { RoleTag, trialText } from './UsersPage';

// /admin/users/{id}: one account. Admins change its role, trial end and email verification, or
// delete it (the API refuses to remove the last admin and says so); developers only read.

const FIELDS = ['role', 'trial_expires_at', 'email_verified'] as const;

/** An ISO instant as the value of a datetime-local input (local time, minutes). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value back to an ISO instant; null when empty, the text itself when unreadable. */
function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

function UserForm({ user }: { user: AdminUser }) {
  const { client } = useAuth();
  const [role, setRole] = useState(user.role);
  const [trial, setTrial] = useState(toLocalInput(user.trial_expires_at));
  const [verified, setVerified] = useState(user.email_verified);
  const changes: UserChanges = {};
  if (role !== user.role) changes.role = role;
  if (trial !== toLocalInput(user.trial_expires_at)) changes.trial_expires_at = fromLocalInput(trial);
  if (verified !== user.email_verified) changes.email_verified = verified;
  const changed = Object.keys(changes).length > 0;
  const save = useAdminMutation({
    mutationFn: (body: UserChanges) => updateUser(client, user.id, body),
    invalidate: [userKeys.all],
    success: (u) => `${u.username} saved`,
    errorFallback: 'Failed to save the user',
    toastErrors: false,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (changed) save.mutate(changes);
  };
  const trialError = fieldErrorOf(save.error, 'trial_expires_at');
  return (
    <form onSubmit={submit} aria-label="Change user" className="im-section" style={{ maxWidth: 520 }}>
      <H4>Change account</H4>
      <FormErrorCallout error={save.error} fields={FIELDS} fallback="Failed to save the user" />
      <FieldFrame name="role" label="Role" error={save.error}>
        <HTMLSelect
          id={inputId('role')}
          value={role}
          onChange={(e) => setRole(e.currentTarget.value as AdminUser['role'])}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </HTMLSelect>
      </FieldFrame>
      <FormGroup
        label="Trial expires"
        labelFor="field-trial_expires_at"
        {...fieldProps(
          trialError,
          'Your local time. Empty means no end date; changing the role to trial without a date gives the default trial.',
        )}
      >
        <div className="im-row">
          <InputGroup
            id="field-trial_expires_at"
            type="datetime-local"
            value={trial}
            intent={trialError ? 'danger' : undefined}
            onChange={(e) => setTrial(e.currentTarget.value)}
          />
          <Button text="Clear" icon="cross" disabled={!trial} onClick={() => setTrial('')} />
        </div>
      </FormGroup>
      <SwitchField
        name="email_verified"
        label="Email verified"
        error={save.error}
        checked={verified}
        onChange={setVerified}
      />
      <div className="im-row">
        <Button type="submit" intent="primary" text="Save changes" disabled={!changed} loading={save.isPending} />
        <Button
          text="Undo changes"
          disabled={!changed}
          onClick={() => {
            setRole(user.role);
            setTrial(toLocalInput(user.trial_expires_at));
            setVerified(user.email_verified);
          }}
        />
      </div>
    </form>
  );
}

export function UserDetailPage() {
  const { client, user: me } = useAuth();
  const navigate = useNavigate();
  const { id, query: user } = useRecord(userKeys.detail, fetchUser);
  const isAdmin = hasRole(me, 'admin');
  const remove = useAdminMutation({
    mutationFn: () => deleteUser(client, id),
    invalidate: [userKeys.all],
    success: (r) => r.message || 'User deleted',
    errorFallback: 'Failed to delete the user',
    onSuccess: () => void navigate({ to: '/admin/users' }),
  });
  if (!Number.isFinite(id)) return <InvalidId what="user" back="/admin/users" />;
  const name = user.data?.username ?? 'User';
  return (
    <AdminPage
      title={name}
      description="One account: who it is, its role and trial."
      actions={
        isAdmin &&
        user.data && (
          <ConfirmButton
            text="Delete user"
            icon="trash"
            intent="danger"
            confirmText="Delete"
            disabled={user.data.id === me?.id}
            loading={remove.isPending}
            onConfirm={() => remove.mutate()}
          >
            Delete {name}? Their sessions, votes and personal records go with the account. This cannot be undone.
          </ConfirmButton>
        )
      }
    >
      <QueryState query={user} errorFallback="Failed to fetch the user">
        {(u) => (
          <>
            <PropertyList
              label="Account"
              items={[
                ['Id', u.id],
                ['Username', u.username],
                ['Name', [u.first_name, u.last_name].filter(Boolean).join(' ')],
                ['Email', u.email],
                ['Role', <RoleTag key="role" role={u.role} />],
                ['Email verified', u.email_verified ? 'Yes' : 'No'],
                ['Trial expires', trialText(u)],
                ['Created', formatTimestamp(u.created_at)],
                [
                  'Linked sign-in',
                  [u.google_id && 'Google', u.github_id && 'GitHub', u.apple_id && 'Apple'].filter(Boolean).join(', '),
                ],
              ]}
            />
            {isAdmin ? (
              <UserForm key={`${u.id}:${u.role}:${u.trial_expires_at}:${u.email_verified}`} user={u} />
            ) : (
              <Callout icon="lock" className="im-section">
                Only admins can change or delete accounts.
              </Callout>
            )}
          </>
        )}
      </QueryState>
    </AdminPage>
  );
}
