import { Button, Card, FormGroup, H2, InputGroup } from '@blueprintjs/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useAuth } from '@ideamine/portal/auth/AuthProvider';
import { FormErrorCallout, fieldProps } from '@ideamine/portal/features/account/FormErrors';
import { fieldErrorOf } from '@ideamine/portal/features/account/form-errors';
import { useConsole } from '../console-context';

// Sign-in to the configured server. The session is sealed by the main process (OS key store);
// the server address is changed in Console settings (the window reloads for its new policy).

export function SignInPage() {
  const { login } = useAuth();
  const { settings } = useConsole();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { redirect?: string };
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setPending(true);
    setError(null);
    try {
      await login({ email: email.trim(), password });
      const target = search.redirect?.startsWith('/') ? search.redirect : '/admin';
      await navigate({ to: target });
    } catch (err) {
      setError(err);
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="im-narrow" style={{ maxWidth: 420, margin: '48px auto' }}>
      <Card>
        <H2>Sign in</H2>
        <p className="im-muted">
          Server: <strong>{settings.server_url}</strong>{' '}
          <a href="/console/settings" onClick={(e) => (e.preventDefault(), void navigate({ to: '/console/settings' }))}>
            Change
          </a>
        </p>
        <form onSubmit={(e) => void submit(e)} aria-label="Sign in">
          <FormErrorCallout error={error} fields={['email', 'password']} fallback="Login failed" />
          <FormGroup label="Email" labelFor="console-email" {...fieldProps(fieldErrorOf(error, 'email'))}>
            <InputGroup
              id="console-email"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              required
            />
          </FormGroup>
          <FormGroup label="Password" labelFor="console-password" {...fieldProps(fieldErrorOf(error, 'password'))}>
            <InputGroup
              id="console-password"
              type="password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              required
            />
          </FormGroup>
          <Button type="submit" intent="primary" text="Sign in" loading={pending} fill />
        </form>
      </Card>
    </div>
  );
}
