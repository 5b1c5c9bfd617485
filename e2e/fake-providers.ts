/**
 * TEST ONLY: Google (oauth2-mock-server) and GitHub (server/test/fake-providers.ts) on loopback for
 * the end-to-end journeys, started by Playwright (playwright.config.ts) before the API, which is
 * pointed at them. A control endpoint lets a journey say who signs in next and what goes wrong:
 * POST /google {user?, tamperNonce?} and POST /github {user?, deny?, forgeState?, holdMs?} (JSON).
 *
 * GitHub's address also answers the repositories API verification reads (server/test/fake-github.ts),
 * seeded from the JSON file E2E_GITHUB_SEED names (a FakeGitHubSeed), else empty; a journey seeds it
 * or makes it fail with POST /github-api {seed?, fail?, quota?} here.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { startFakeGitHubApi, type FakeGitHubFailure, type FakeGitHubQuota, type FakeGitHubSeed } from '../server/test/fake-github.ts';
import { startFakeGitHub, startFakeGoogle } from '../server/test/fake-providers.ts';

const googlePort = Number(process.env.E2E_GOOGLE_PORT ?? '4011');
const githubPort = Number(process.env.E2E_GITHUB_PORT ?? '4012');
const controlPort = Number(process.env.E2E_FAKES_CONTROL_PORT ?? '4013');

const google = await startFakeGoogle(googlePort);
const seedFile = process.env.E2E_GITHUB_SEED;
const repositories = await startFakeGitHubApi(seedFile ? { seed: JSON.parse(readFileSync(seedFile, 'utf8')) as FakeGitHubSeed } : {});
const github = await startFakeGitHub(githubPort, process.env.GITHUB_CLIENT_ID, process.env.GITHUB_CLIENT_SECRET, repositories.handle);

const control = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => {
    body += chunk.toString();
  });
  request.on('end', () => {
    const order = (body ? JSON.parse(body) : {}) as Record<string, unknown>;
    if (request.method === 'POST' && request.url === '/google') {
      if (order.user) google.user = order.user as typeof google.user;
      if (order.tamperNonce) google.tamperNonceOnce();
    } else if (request.method === 'POST' && request.url === '/github') {
      if (order.user) github.user = order.user as typeof github.user;
      if (order.deny) github.denyOnce();
      if (order.forgeState) github.forgeStateOnce();
      if (typeof order.holdMs === 'number') github.holdOnce(order.holdMs);
    } else if (request.method === 'POST' && request.url === '/github-api') {
      if (order.seed) repositories.seed(order.seed as FakeGitHubSeed);
      if (order.fail !== undefined) repositories.fail(order.fail as FakeGitHubFailure | null);
      if (order.quota) repositories.quota(order.quota as Partial<FakeGitHubQuota>);
    } else if (request.method !== 'GET') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ google: google.issuer, github: github.url }));
  });
});
control.listen(controlPort, '127.0.0.1');

const stop = async () => {
  control.close();
  await Promise.all([google.stop(), github.stop(), repositories.stop()]);
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
