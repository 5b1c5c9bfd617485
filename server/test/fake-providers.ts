/**
 * TEST ONLY: the two sign-in providers on loopback, started by the tests themselves (no test
 * reaches the internet). Google is oauth2-mock-server, a real OpenID provider (discovery, signed
 * id_tokens, PKCE, nonce); GitHub is a small fake of the four endpoints PathForge uses (authorize,
 * token, user, emails) that checks the client, the redirect URI, the PKCE verifier and single use
 * of each code, and answers errors with 200 as GitHub does.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Events, OAuth2Server } from 'oauth2-mock-server';
import type { OAuthConfig } from '../config.ts';

export type FakeGoogleUser = { sub: string; email: string | null; emailVerified: boolean; name?: string };

export type FakeGoogle = {
  issuer: string;
  /** Who signs in next (every sign-in until changed). */
  user: FakeGoogleUser;
  /** The next id_token carries another nonce than the one asked for. */
  tamperNonceOnce(): void;
  stop(): Promise<void>;
};

export async function startFakeGoogle(port = 0): Promise<FakeGoogle> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(port, '127.0.0.1');
  let tamper = false;
  const fake: FakeGoogle = {
    issuer: server.issuer.url ?? '',
    user: { sub: 'google-sub-1', email: 'ada@example.com', emailVerified: true, name: 'Ada Lovelace' },
    tamperNonceOnce() {
      tamper = true;
    },
    stop: () => server.stop(),
  };
  server.service.on(Events.BeforeTokenSigning, (token) => {
    const { user } = fake;
    token.payload.sub = user.sub;
    if (user.email !== null) {
      token.payload.email = user.email;
      token.payload.email_verified = user.emailVerified;
    }
    if (user.name) token.payload.name = user.name;
    if (tamper && 'nonce' in token.payload) {
      token.payload.nonce = 'not-the-nonce-that-was-asked-for';
      tamper = false;
    }
  });
  return fake;
}

export type FakeGitHubUser = {
  id: number;
  login: string;
  name: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
};

export type FakeGitHub = {
  url: string;
  clientId: string;
  clientSecret: string;
  user: FakeGitHubUser;
  /** The next authorization answers `?error=access_denied` (the learner said no). */
  denyOnce(): void;
  /** The next authorization comes back with another `state` than the one sent (a forged callback). */
  forgeStateOnce(): void;
  /** The next authorization answers after `ms` (a learner slow on GitHub's page). */
  holdOnce(ms: number): void;
  stop(): Promise<void>;
};

type Grant = { challenge: string; redirectUri: string; user: FakeGitHubUser; used: boolean };

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return body;
}

/**
 * `fallback` answers every request the sign-in endpoints do not (end-to-end runs serve the fake
 * repositories API of server/test/fake-github.ts on the same address, GITHUB_API_URL being one).
 */
export async function startFakeGitHub(
  port = 0,
  clientId = 'fake-github-client',
  clientSecret = 'fake-github-secret',
  fallback?: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<FakeGitHub> {
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, FakeGitHubUser>();
  let deny = false;
  let forge = false;
  let hold = 0;
  const fake: FakeGitHub = {
    url: '',
    clientId,
    clientSecret,
    user: { id: 4242, login: 'octo-ada', name: 'Ada Octo', emails: [{ email: 'ada@example.com', primary: true, verified: true }] },
    denyOnce() {
      deny = true;
    },
    forgeStateOnce() {
      forge = true;
    },
    holdOnce(ms) {
      hold = ms;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const send = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', fake.url);
      if (request.method === 'GET' && url.pathname === '/login/oauth/authorize') {
        const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
        const state = url.searchParams.get('state');
        if (url.searchParams.get('client_id') !== clientId || url.searchParams.get('code_challenge_method') !== 'S256') {
          return send(response, 400, { error: 'bad request' });
        }
        if (hold > 0) {
          const ms = hold;
          hold = 0;
          await new Promise((resolve) => setTimeout(resolve, ms));
        }
        if (deny) {
          deny = false;
          redirect.searchParams.set('error', 'access_denied');
        } else {
          const code = randomBytes(10).toString('hex');
          grants.set(code, { challenge: url.searchParams.get('code_challenge') ?? '', redirectUri: redirect.href, user: structuredClone(fake.user), used: false });
          redirect.searchParams.set('code', code);
        }
        if (state !== null) redirect.searchParams.set('state', forge ? 'forged-state' : state);
        forge = false;
        response.writeHead(302, { location: redirect.href });
        return response.end();
      }
      if (request.method === 'POST' && url.pathname === '/login/oauth/access_token') {
        const form = new URLSearchParams(await readBody(request));
        const grant = grants.get(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        // GitHub answers a bad exchange with 200 and an error.
        if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) return send(response, 200, { error: 'incorrect_client_credentials' });
        if (!grant || grant.used || grant.redirectUri !== form.get('redirect_uri') || grant.challenge !== challenge) {
          return send(response, 200, { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' });
        }
        grant.used = true;
        const token = `gho_${randomBytes(16).toString('hex')}`;
        tokens.set(token, grant.user);
        return send(response, 200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
      }
      const user = tokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (request.method === 'GET' && (url.pathname === '/user' || url.pathname === '/user/emails')) {
        if (!user) return send(response, 401, { message: 'Bad credentials' });
        if (url.pathname === '/user') return send(response, 200, { id: user.id, login: user.login, name: user.name, email: null });
        return send(
          response,
          200,
          user.emails.map((entry) => ({ ...entry, visibility: null })),
        );
      }
      if (fallback) return fallback(request, response);
      return send(response, 404, { message: 'Not Found' });
    })().catch(() => send(response, 500, { message: 'fake failed' }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** The API's sign-in configuration for these fakes (a provider given as null is off), browsers reaching the API at http://localhost:4000. */
export function fakeProvidersOAuth(google: FakeGoogle | null, github: FakeGitHub | null): OAuthConfig {
  return {
    apiOrigin: 'http://localhost:4000',
    google: google && { clientId: 'pathforge-test', clientSecret: 'google-secret', issuer: google.issuer },
    github: github && { clientId: github.clientId, clientSecret: github.clientSecret, webUrl: github.url, apiUrl: github.url },
  };
}
