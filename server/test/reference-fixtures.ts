/**
 * TEST AND BENCH ONLY: a project's reference solution (server/content/references.ts) as a learner
 * would publish it. `serveSite` serves its site on loopback, as GitHub Pages would; `referenceRepository`
 * is its repository for the fake GitHub (./fake-github.ts), owned by a learner's GitHub account, in
 * one commit. Used by server/verify/reference.test.ts and scripts/bench-verify-full.mjs.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname } from 'node:path';
import { variantOf, type Reference } from '../content/references.ts';
import type { FakeRepository } from './fake-github.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.svg': 'image/svg+xml',
};

/** Answers a request from files held in memory: index.html for a folder, a 404 page otherwise. */
export function answerFromFiles(files: Record<string, string>, req: IncomingMessage, res: ServerResponse): void {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname)
    .replace(/^\//, '')
    .replace(/(^|\/)$/, '$1index.html');
  const text = files[path];
  if (text === undefined) return void res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>404</title>');
  res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(text);
}

export type ServedSite = { url: string; server: Server; close(): Promise<void> };

/**
 * Serves a site held in memory on `host` (default 127.0.0.1), as GitHub Pages would. `files` may be
 * a function of the site's own URL (with its trailing slash), for a site whose files name it.
 */
export async function serveSite(files: Record<string, string> | ((url: string) => Record<string, string>), host = '127.0.0.1'): Promise<ServedSite> {
  let held: Record<string, string> = typeof files === 'function' ? {} : files;
  const server = createServer((req, res) => answerFromFiles(held, req, res));
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const url = `http://${host}:${(server.address() as AddressInfo).port}/`;
  if (typeof files === 'function') held = files(url);
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url, server, close };
}

/**
 * The reference's repository (or its broken variant's) on the fake GitHub, owned by `owner`: its
 * files in one commit dated `date` (default now: after the learner started the project), with the
 * variant's CI conclusion. Every call makes a new commit sha; the repository's id is `id` (default
 * the owner's), so learners who must not look like copies of each other each need their own owner.
 */
export function referenceRepository(
  reference: Reference,
  variant: 'reference' | 'broken',
  options: { owner: { id: number; login: string }; liveUrl: string; id?: number; name?: string; date?: string; sha?: string },
): FakeRepository {
  const { repository } = variantOf(reference, variant, options.liveUrl);
  const sha = options.sha ?? randomBytes(20).toString('hex');
  const date = options.date ?? new Date().toISOString();
  return {
    id: options.id ?? options.owner.id,
    owner: options.owner,
    name: options.name ?? 'portfolio',
    commits: [{ sha, date, message: reference.slug, files: repository.files }],
    workflowRuns: repository.ci ? [{ name: 'CI', headSha: sha, conclusion: repository.ci, createdAt: date }] : [],
  };
}

/** The repository's address on GitHub, as a learner submits it. */
export const repositoryUrl = (repository: FakeRepository) => `https://github.com/${repository.owner.login}/${repository.name}`;
