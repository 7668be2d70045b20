import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '@ideamine/shared/limits';
import { messageOf } from '../../api/errors';
import { useNotifications } from '../../layout/Notifications';
import { useChangePassword } from '../../queries/account';
import { fieldErrorOf } from './form-errors';
import { FormErrorCallout, fieldProps } from './FormErrors';

// The password tab: the current password, the new one twice. The API signs out every other
// session; this one stays signed in.

const FIELDS = ['current_password', 'new_password'] as const;
const FALLBACK = 'Password change failed';
const EMPTY = { current: '', next: '', confirm: '' };

export function ChangePasswordForm() {
  const { notify } = useNotifications();
  const change = useChangePassword();
  const [form, setForm] = useState(EMPTY);
  const mismatch = form.confirm !== '' && form.confirm !== form.next;
  const ready = form.current !== '' && form.next !== '' && form.confirm === form.next;
  const errorFor = (field: string) => fieldErrorOf(change.error, field);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready) return;
    change.mutate(
      { current_password: form.current, new_password: form.next },
      {
        onSuccess: () => {
          setForm(EMPTY);
          notify('Password changed. Other sessions were signed out.', 'success');
        },
        onError: (error) => notify(messageOf(error, FALLBACK), 'error'),
      },
    );
  }

  return (
    <form onSubmit={submit} className="im-narrow" aria-label="Change password">
      <FormErrorCallout error={change.error} fields={FIELDS} fallback={FALLBACK} />
      <FormGroup label="Current password" labelFor="password-current" {...fieldProps(errorFor('current_password'))}>
        <InputGroup
          id="password-current"
          type="password"
          autoComplete="current-password"
          value={form.current}
          onChange={(e) => setForm({ ...form, current: e.currentTarget.value })}
          required
        />
      </FormGroup>
      <FormGroup
        label="New password"
        labelFor="password-new"
        {...fieldProps(errorFor('new_password'), `At least ${PASSWORD_MIN_LENGTH} characters.`)}
      >
        <InputGroup
          id="password-new"
          type="password"
          autoComplete="new-password"
          value={form.next}
          onChange={(e) => setForm({ ...form, next: e.currentTarget.value })}
          required
        />
      </FormGroup>
      <FormGroup
        label="Repeat the new password"
        labelFor="password-confirm"
        {...fieldProps(mismatch ? 'The two new passwords differ' : undefined)}
      >
        <InputGroup
          id="password-confirm"
          type="password"
          autoComplete="new-password"
          value={form.confirm}
          onChange={(e) => setForm({ ...form, confirm: e.currentTarget.value })}
          required
        />
      </FormGroup>
      <Button
        type="submit"
        intent="primary"
        icon="key"
        text="Change password"
        loading={change.isPending}
        disabled={!ready}
      />
    </form>
  );
}
