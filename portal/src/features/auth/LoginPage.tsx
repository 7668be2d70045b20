import { Button, Callout, Card, FormGroup, H2, InputGroup } from '@blueprintjs/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { messageOf } from '../../api/errors';
import { signOutMessage } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';
import { homeFor } from '@ideamine/shared/navigation';
import { safeRedirect, type AuthPageSearch } from './auth-search';
import { OAuthButtons } from './OAuthButtons';

export function LoginPage({ search }: { search: AuthPageSearch }) {
  const { login, user } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(signOutMessage(search.reason));
  const [busy, setBusy] = useState(false);
  const target = (signedIn: Parameters<typeof homeFor>[0]) => safeRedirect(search.redirect, homeFor(signedIn));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const signedIn = await login({ email, password });
      await navigate({ to: target(signedIn) });
    } catch (err) {
      setError(messageOf(err, 'Login failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="im-narrow">
      <Card elevation={1}>
        <H2>Sign in</H2>
        {user && <Callout intent="primary">You are signed in as {user.username}.</Callout>}
        {error && (
          <Callout intent="danger" role="alert">
            {error}
          </Callout>
        )}
        <form onSubmit={submit}>
          <FormGroup label="Email" labelFor="login-email">
            <InputGroup
              id="login-email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
          </FormGroup>
          <FormGroup label="Password" labelFor="login-password">
            <InputGroup
              id="login-password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
          </FormGroup>
          <Button type="submit" intent="primary" fill loading={busy} text="Sign in" />
        </form>
        <OAuthButtons redirect={search.redirect ?? ''} onError={setError} />
        <p className="im-muted">
          No account yet?{' '}
          <Link to="/register" search={{ redirect: search.redirect }}>
            Create one
          </Link>
        </p>
      </Card>
    </div>
  );
}
