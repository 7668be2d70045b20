import { Button, Callout, Card, FormGroup, H2, InputGroup } from '@blueprintjs/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '@ideamine/shared/limits';
import { ApiClientError, messageOf } from '../../api/errors';
import { useAuth } from '../../auth/AuthProvider';
import { safeRedirect, type AuthPageSearch } from './auth-search';
import { OAuthButtons } from './OAuthButtons';

const FIELDS = [
  { name: 'first_name', label: 'First name', type: 'text', autoComplete: 'given-name', required: false },
  { name: 'last_name', label: 'Last name', type: 'text', autoComplete: 'family-name', required: false },
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'username', required: true },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', required: true },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', required: true },
] as const;

type FieldName = (typeof FIELDS)[number]['name'];

export function RegisterPage({ search }: { search: AuthPageSearch }) {
  const { register } = useAuth();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<FieldName, string>>({
    first_name: '',
    last_name: '',
    username: '',
    email: '',
    password: '',
  });
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await register({
        username: values.username,
        email: values.email,
        password: values.password,
        first_name: values.first_name || undefined,
        last_name: values.last_name || undefined,
      });
      await navigate({ to: safeRedirect(search.redirect) });
    } catch (err) {
      setError({
        message: messageOf(err, 'Registration failed'),
        field: err instanceof ApiClientError ? err.field : undefined,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="im-narrow">
      <Card elevation={1}>
        <H2>Create account</H2>
        <p className="im-muted">Free: vote on ideas, analyse your own with Idea Storm and keep projects.</p>
        {error && (
          <Callout intent="danger" role="alert">
            {error.message}
          </Callout>
        )}
        <form onSubmit={submit}>
          {FIELDS.map((f) => (
            <FormGroup
              key={f.name}
              label={f.label}
              labelFor={`register-${f.name}`}
              labelInfo={f.required ? '(required)' : undefined}
              intent={error?.field === f.name ? 'danger' : 'none'}
              helperText={f.name === 'password' ? `At least ${PASSWORD_MIN_LENGTH} characters` : undefined}
            >
              <InputGroup
                id={`register-${f.name}`}
                type={f.type}
                autoComplete={f.autoComplete}
                required={f.required}
                intent={error?.field === f.name ? 'danger' : 'none'}
                value={values[f.name]}
                onChange={(e) => setValues({ ...values, [f.name]: e.currentTarget.value })}
              />
            </FormGroup>
          ))}
          <Button type="submit" intent="primary" fill loading={busy} text="Create account" />
        </form>
        <OAuthButtons redirect={safeRedirect(search.redirect)} onError={(message) => setError({ message })} />
        <p className="im-muted">
          Already have an account?{' '}
          <Link to="/login" search={{ redirect: search.redirect }}>
            Sign in
          </Link>
        </p>
      </Card>
    </div>
  );
}
