import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A GitHub stand-in on a loopback port: the OAuth authorize and token endpoints (with PKCE, and
// GitHub's habit of answering a bad code with status 200) and the /user and /user/emails API.
// The authorize step signs in whoever the `login` parameter names, as a test appends it.

export interface GithubUser {
  id: number;
  login: string;
  name: string | null;
  /** The public profile email; null when private. */
  email: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

export interface GithubServer {
  url: string;
  clientId: string;
  clientSecret: string;
  users: Map<string, GithubUser>;
  /** Makes the token endpoint answer 500 (a provider outage). */
  failTokenEndpoint: boolean;
  close(): Promise<void>;
}

interface PendingCode {
  login: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
}

export async function startGithubServer(): Promise<GithubServer> {
  const codes = new Map<string, PendingCode>();
  const tokens = new Map<string, string>();
  const self: Omit<GithubServer, 'url' | 'close'> = {
    clientId: 'gh-test-client',
    clientSecret: 'gh-test-secret',
    users: new Map(),
    failTokenEndpoint: false,
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const authorize = (url: URL, res: ServerResponse) => {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri') ?? '';
    if (q.get('client_id') !== self.clientId || q.get('code_challenge_method') !== 'S256') {
      return json(res, 400, { error: 'bad authorize request' });
    }
    const code = randomBytes(10).toString('hex');
    codes.set(code, {
      login: q.get('login') ?? '',
      clientId: self.clientId,
      redirectUri,
      codeChallenge: q.get('code_challenge') ?? '',
    });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', q.get('state') ?? '');
    res.writeHead(302, { location: back.href });
    res.end();
  };

  const token = async (req: IncomingMessage, res: ServerResponse) => {
    if (self.failTokenEndpoint) return json(res, 500, { message: 'Server Error' });
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const form = new URLSearchParams(raw);
    const pending = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? '');
    const challenge = createHash('sha256')
      .update(form.get('code_verifier') ?? '')
      .digest('base64url');
    if (form.get('client_id') !== self.clientId || form.get('client_secret') !== self.clientSecret) {
      return json(res, 200, { error: 'incorrect_client_credentials' });
    }
    if (!pending || pending.redirectUri !== form.get('redirect_uri') || pending.codeChallenge !== challenge) {
      return json(res, 200, { error: 'bad_verification_code', error_description: 'The code is incorrect or expired.' });
    }
    const accessToken = `gho_${randomBytes(12).toString('hex')}`;
    tokens.set(accessToken, pending.login);
    json(res, 200, { access_token: accessToken, token_type: 'bearer', scope: 'read:user,user:email' });
  };

  const api = (req: IncomingMessage, path: string, res: ServerResponse) => {
    const login = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    const user = login === undefined ? undefined : self.users.get(login);
    if (!user) return json(res, 401, { message: 'Bad credentials' });
    if (path === '/user') return json(res, 200, { id: user.id, login: user.login, name: user.name, email: user.email });
    return json(res, 200, user.emails);
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') return authorize(url, res);
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') return void token(req, res);
    if (req.method === 'GET' && (url.pathname === '/user' || url.pathname === '/user/emails')) {
      return api(req, url.pathname, res);
    }
    json(res, 404, { message: 'Not Found' });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(self, {
    url,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
}
