/**
 * The two sign-in providers through openid-client: Google as an OpenID Connect provider (its
 * id_token's issuer, audience, expiry and nonce are checked by the library), GitHub as a plain
 * OAuth 2 server (no id_token: the person is read from its API with the access token, which is
 * then dropped). Both use PKCE (S256) and `state`; each has one exact redirect URI.
 */
import * as client from 'openid-client';
import { z } from 'zod';
import type { GitHubConfig, GoogleConfig, OAuthConfig } from '../config.ts';
import type { Provider } from '../../src/domain/oauth.ts';

/** Who the provider says signed in. `subject` is its stable id; the email only when the provider verified it. */
export type ProviderIdentity = {
  subject: string;
  verifiedEmail: string | null;
  login: string | null;
  name: string | null;
};

export type TransactionChecks = { state: string; codeVerifier: string; nonce: string | null };

export type OAuthProvider = {
  name: Provider;
  redirectUri: string;
  authorizationUrl(checks: TransactionChecks): Promise<URL>;
  /** Exchanges the code of `callbackUrl` and says who signed in; throws when anything does not check out. */
  identity(callbackUrl: URL, checks: TransactionChecks): Promise<ProviderIdentity>;
};

/** Seconds any call to a provider may take. */
const PROVIDER_TIMEOUT_SECONDS = 10;

const isHttp = (url: string) => new URL(url).protocol === 'http:';

function googleProvider(config: GoogleConfig, redirectUri: string): OAuthProvider {
  // Discovered once, when first needed (not at start: the API runs while Google is unreachable).
  let discovered: Promise<client.Configuration> | null = null;
  const configuration = () => {
    discovered ??= client
      .discovery(new URL(config.issuer), config.clientId, config.clientSecret, undefined, {
        // config.ts allows http for a loopback issuer only (the tests' fake provider).
        ...(isHttp(config.issuer) ? { execute: [client.allowInsecureRequests] } : {}),
        timeout: PROVIDER_TIMEOUT_SECONDS,
      })
      .then((found) => {
        found.timeout = PROVIDER_TIMEOUT_SECONDS;
        return found;
      })
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  };
  return {
    name: 'google',
    redirectUri,
    async authorizationUrl({ state, codeVerifier, nonce }) {
      return client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state,
        nonce: nonce ?? '',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async identity(callbackUrl, { state, codeVerifier, nonce }) {
      const tokens = await client.authorizationCodeGrant(await configuration(), callbackUrl, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
        expectedNonce: nonce ?? undefined,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('Google answered without an id_token');
      const email = typeof claims.email === 'string' ? claims.email : null;
      return {
        subject: claims.sub,
        verifiedEmail: email !== null && claims.email_verified === true ? email : null,
        login: null,
        name: typeof claims.name === 'string' ? claims.name : null,
      };
    },
  };
}

const gitHubUser = z.object({ id: z.int().positive(), login: z.string(), name: z.string().nullish() });
const gitHubEmails = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));

function gitHubProvider(config: GitHubConfig, redirectUri: string): OAuthProvider {
  const configuration = new client.Configuration(
    {
      issuer: config.webUrl,
      authorization_endpoint: `${config.webUrl}/login/oauth/authorize`,
      token_endpoint: `${config.webUrl}/login/oauth/access_token`,
    },
    config.clientId,
    config.clientSecret,
  );
  configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
  if (isHttp(config.webUrl)) client.allowInsecureRequests(configuration);

  async function api(path: string, accessToken: string): Promise<unknown> {
    const response = await fetch(`${config.apiUrl}${path}`, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/vnd.github+json', 'user-agent': 'PathForge' },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_SECONDS * 1000),
    });
    if (!response.ok) throw new Error(`GitHub ${path} answered ${response.status}`);
    return response.json();
  }

  return {
    name: 'github',
    redirectUri,
    async authorizationUrl({ state, codeVerifier }) {
      return client.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: 'read:user user:email',
        state,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        allow_signup: 'true',
      });
    },
    async identity(callbackUrl, { state, codeVerifier }) {
      // GitHub answers errors with 200 and an `error` field: without an access_token the library throws.
      const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
      });
      // The token is used for these two reads only and never stored.
      const user = gitHubUser.parse(await api('/user', tokens.access_token));
      const emails = gitHubEmails.parse(await api('/user/emails', tokens.access_token));
      const primary = emails.find((entry) => entry.primary && entry.verified);
      return { subject: String(user.id), verifiedEmail: primary?.email ?? null, login: user.login, name: user.name ?? null };
    },
  };
}

/** The configured providers, by name (a provider without credentials is absent). */
export function createProviders(config: OAuthConfig): Partial<Record<Provider, OAuthProvider>> {
  const callback = (provider: Provider) => `${config.apiOrigin}/auth/oauth/${provider}/callback`;
  return {
    ...(config.google ? { google: googleProvider(config.google, callback('google')) } : {}),
    ...(config.github ? { github: gitHubProvider(config.github, callback('github')) } : {}),
  };
}
