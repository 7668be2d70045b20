import { Button, Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { User } from '@ideamine/shared/contract/users';
import { messageOf } from '../../api/errors';
import { useAuth } from '../../auth/AuthProvider';
import { useNotifications } from '../../layout/Notifications';
import { oauthStatusQuery, useUpdateProfile } from '../../queries/account';
import { fieldErrorOf } from './form-errors';
import { FormErrorCallout, fieldProps } from './FormErrors';
import { draftOf, emailChanged, needsCurrentPassword, profileChanges, type ProfileDraft } from './profile-changes';

// The profile tab: names, username and email. Changing the email asks for the current password
// when the account has one, and the new address has to be verified again.

const FIELDS = ['first_name', 'last_name', 'username', 'email', 'current_password'] as const;
const FALLBACK = 'Profile update failed';

export function ProfileForm({ user }: { user: User }) {
  const { client } = useAuth();
  const { notify } = useNotifications();
  const status = useQuery(oauthStatusQuery(client));
  const update = useUpdateProfile({
    saved: () => notify('Profile updated', 'success'),
    failed: (error) => notify(messageOf(error, FALLBACK), 'error'),
  });
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(user));
  const hasPassword = status.data?.has_password ?? null;
  const body = profileChanges(user, draft, hasPassword);
  const askPassword = needsCurrentPassword(user, draft, hasPassword);

  const set = (field: keyof ProfileDraft) => (e: ChangeEvent<HTMLInputElement>) =>
    setDraft({ ...draft, [field]: e.currentTarget.value });
  const errorFor = (field: string) => fieldErrorOf(update.error, field);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!body) return;
    update.mutate(body);
  }

  return (
    <form onSubmit={submit} className="im-narrow" aria-label="Profile">
      <FormErrorCallout error={update.error} fields={FIELDS} fallback={FALLBACK} />
      <FormGroup label="First name" labelFor="profile-first-name" {...fieldProps(errorFor('first_name'))}>
        <InputGroup id="profile-first-name" value={draft.first_name} onChange={set('first_name')} />
      </FormGroup>
      <FormGroup label="Last name" labelFor="profile-last-name" {...fieldProps(errorFor('last_name'))}>
        <InputGroup id="profile-last-name" value={draft.last_name} onChange={set('last_name')} />
      </FormGroup>
      <FormGroup
        label="Username"
        labelFor="profile-username"
        labelInfo="(required)"
        {...fieldProps(errorFor('username'), '3 to 30 letters, digits, dots, dashes or underscores.')}
      >
        <InputGroup id="profile-username" value={draft.username} onChange={set('username')} required />
      </FormGroup>
      <FormGroup
        label="Email"
        labelFor="profile-email"
        labelInfo="(required)"
        {...fieldProps(errorFor('email'), user.email_verified ? 'Verified.' : 'Not verified yet.')}
      >
        <InputGroup id="profile-email" type="email" value={draft.email} onChange={set('email')} required />
      </FormGroup>
      {emailChanged(user, draft) && (
        <Callout intent="warning" compact className="im-section">
          A new email address has to be verified again.
        </Callout>
      )}
      {askPassword && (
        <FormGroup
          label="Current password"
          labelFor="profile-current-password"
          labelInfo="(required to change the email)"
          {...fieldProps(errorFor('current_password'))}
        >
          <InputGroup
            id="profile-current-password"
            type="password"
            autoComplete="current-password"
            value={draft.current_password}
            onChange={set('current_password')}
            required
          />
        </FormGroup>
      )}
      <div className="im-row">
        <Button
          type="submit"
          intent="primary"
          icon="floppy-disk"
          text="Save changes"
          loading={update.isPending}
          disabled={!body}
        />
        <Button text="Reset" disabled={!body || update.isPending} onClick={() => setDraft(draftOf(user))} />
      </div>
    </form>
  );
}
