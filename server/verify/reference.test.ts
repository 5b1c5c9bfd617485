/**
 * Every check written in content/ is proven against a solution: each project's reference
 * (content/projects/<slug>/reference/, see server/content/references.ts) passes all its checks and
 * its broken variant fails exactly the requirements it names.
 *
 * Without the checkers, this proves what it can: every reference is well-formed and small, its
 * broken variant names requirements that exist and a machine checks, the repository checks (files,
 * contents, the README's live link, CI) pass on the reference and fail exactly as named on the broken
 * variant, and every reference API starts on 127.0.0.1. The second block serves each reference and
 * runs the real page and http checkers against it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageOf, type Check, type HttpCheck, type PageCheck } from '../../src/domain/verification.ts';
import { loadCurriculum } from '../content/load.ts';
import { readReference, variantOf, type Reference } from '../content/references.ts';
import { tempDir } from '../test/helpers.ts';
import { serveSite } from '../test/reference-fixtures.ts';
import { codeParts, indexInCode } from './code-text.ts';
import type { CheckOutcome, HttpChecker, PageChecker } from './contract.ts';
import { createGuard } from './guard.ts';
import { httpChecker } from './http.ts';
import { createPageChecker } from './page/index.ts';
import { startGuardedProxy } from './proxy.ts';

const curriculum = loadCurriculum();
const projects = curriculum.projects.flatMap((project) => {
  const reference = readReference(project.slug);
  return reference ? [{ project, reference }] : [];
});
const LIVE = 'http://127.0.0.1:4173/';

/** A repository check, as the repo checker answers it, on files held in memory. */
function repoCheckPasses(check: Check, repository: { files: Record<string, string>; ci: string | null }, liveUrl: string): boolean | null {
  const { files } = repository;
  if (check.kind === 'ci') return repository.ci === 'success';
  if (check.kind !== 'repo') return null;
  switch (check.rule) {
    case 'file':
      return check.path in files;
    case 'absent':
      return !(check.path in files);
    case 'contains': {
      // As the repo checker reads it: a CSS, JavaScript or HTML file through its parser.
      const text = files[check.path];
      if (text === undefined) return false;
      const language = languageOf(check.path);
      return language === null ? text.includes(check.text) : indexInCode(text, check.text, codeParts(text, language), check.in === 'string') !== -1;
    }
    case 'readme-links-live': {
      const readme = Object.entries(files).find(([path]) => /^readme(\.md)?$/i.test(path))?.[1] ?? '';
      return readme.includes(liveUrl) || readme.includes(liveUrl.replace(/\/$/, ''));
    }
  }
}

const MAX_FILE_BYTES = 8 * 1024;
const MAX_REFERENCE_BYTES = 16 * 1024;

describe('reference solutions', () => {
  it('exist for most projects (the others say why in content/README.md)', () => {
    expect(projects.length).toBeGreaterThanOrEqual(25);
  });

  describe.each(projects.map(({ project, reference }) => [project.slug, project, reference] as const))('%s', (_slug, project, reference) => {
    const checks = project.requirements.map((r) => r.check);
    const hasPage = checks.some((c) => c.kind === 'page');
    const hasHttp = checks.some((c) => c.kind === 'http');

    it('is small, with no images, dependencies or lock files', () => {
      for (const file of reference.files) {
        expect(file.bytes, file.path).toBeLessThanOrEqual(MAX_FILE_BYTES);
        expect(file.path).not.toMatch(/node_modules|package-lock\.json|pnpm-lock|yarn\.lock|\.(png|jpe?g|gif|webp|ico|zip|woff2?)$/i);
      }
      expect(reference.files.reduce((sum, f) => sum + f.bytes, 0)).toBeLessThanOrEqual(MAX_REFERENCE_BYTES);
    });

    it('has a site for page checks and an API for http checks', () => {
      expect(reference.site !== null, 'site/ (the project has page checks)').toBe(hasPage);
      expect(reference.api !== null, 'api/server.mjs (the project has http checks)').toBe(hasHttp);
      if (reference.site) expect(Object.keys(reference.site)).toContain('index.html');
      if (reference.api) expect(reference.api).toMatch(/process\.env\.PORT/);
      if (checks.some((c) => c.kind === 'ci')) expect(reference.repo.ci, 'repo.json: ci (the project has a ci check)').toBe('success');
    });

    it('names, as broken, requirements that exist and a machine checks, each broken by what the variant changes', () => {
      const { broken } = reference;
      expect(new Set(broken.fails).size, 'fails has no duplicates').toBe(broken.fails.length);
      for (const index of broken.fails) {
        const check = checks[index];
        expect(check, `requirement ${index} exists`).toBeDefined();
        expect(check?.kind, `requirement ${index} is not a review`).not.toBe('review');
        if (check?.kind === 'page') expect(broken.site, `requirement ${index} is a page check: broken.json edits site/`).toBeDefined();
        if (check?.kind === 'http') expect(broken.api, `requirement ${index} is an http check: broken.json edits api/`).toBeDefined();
      }
      // Every edit applies (each `find` occurs once) and changes what it edits.
      const good = variantOf(reference, 'reference', LIVE);
      const bad = variantOf(reference, 'broken', LIVE);
      for (const path of Object.keys(broken.site ?? {})) expect(bad.site?.[path], `site/${path}`).not.toBe(good.site?.[path]);
      if (broken.api) expect(bad.api).not.toBe(good.api);
    });

    it('passes every repository and CI check, and the broken variant fails exactly the ones it names', () => {
      const good = variantOf(reference, 'reference', LIVE).repository;
      const bad = variantOf(reference, 'broken', LIVE).repository;
      checks.forEach((check, index) => {
        const onReference = repoCheckPasses(check, good, LIVE);
        if (onReference === null) return;
        expect(onReference, `requirement ${index} (${check.kind}) passes on the reference`).toBe(true);
        expect(repoCheckPasses(check, bad, LIVE), `requirement ${index} (${check.kind}) on the broken variant`).toBe(!reference.broken.fails.includes(index));
      });
    });
  });

  describe('APIs start on 127.0.0.1 with the port they are given', () => {
    const apis = projects.filter(({ reference }) => reference.api !== null);
    const running: ChildProcess[] = [];
    afterAll(() => {
      for (const child of running) child.kill();
    });

    it.each(apis.flatMap(({ reference }) => [[reference.slug, 'reference', reference] as const, [reference.slug, 'broken', reference] as const]))(
      '%s (%s)',
      async (_slug, variant, reference) => {
        const { url, child } = await startApi(reference, variant);
        running.push(child);
        const answer = await fetch(url);
        expect(answer.status).toBeGreaterThanOrEqual(200);
        expect(answer.status).toBeLessThan(500);
      },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Serving a reference
// ---------------------------------------------------------------------------------------------

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Runs the reference API (or its broken variant) with node, and waits until it answers. */
async function startApi(reference: Reference, variant: 'reference' | 'broken'): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const dir = tempDir();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'server.mjs');
  writeFileSync(file, variantOf(reference, variant, url).api ?? '');
  const child = spawn(process.execPath, [file], { env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1' }, stdio: 'ignore' });
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await fetch(url);
      return { url, child };
    } catch (error) {
      if (Date.now() > deadline || child.exitCode !== null) {
        child.kill();
        throw new Error(`${reference.slug} (${variant}) did not answer on ${url}`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// With the checkers
// ---------------------------------------------------------------------------------------------

// Chromium on every reference site: slow, and no database in it, so the SQLite project runs it alone.
describe.runIf(process.env.TEST_DATABASE === undefined)('reference solutions against the real checkers', () => {
  let checkers: { page: PageChecker; http: HttpChecker };
  const stops: (() => void)[] = [];
  beforeAll(async () => {
    // The fixtures are on this machine: the guard and the proxy let 127.0.0.1 through, nothing else.
    const guard = createGuard({ allow: ['127.0.0.1'] });
    const proxy = await startGuardedProxy({ allow: ['127.0.0.1'] });
    stops.push(
      () => void proxy.close(),
      () => guard.close(),
    );
    checkers = { page: createPageChecker({ proxyUrl: proxy.url }), http: httpChecker(guard.fetch) };
  });
  afterAll(() => {
    for (const stop of stops) stop();
  });

  /** Serves the variant and runs every page and http check of the project on it, in order. */
  async function outcomes(reference: Reference, checks: readonly Check[], variant: 'reference' | 'broken'): Promise<Map<number, CheckOutcome>> {
    let liveUrl: string;
    if (reference.site) {
      const { url, close } = await serveSite(variantOf(reference, variant, LIVE).site ?? {});
      stops.push(() => void close());
      liveUrl = url;
    } else {
      const { url, child } = await startApi(reference, variant);
      stops.push(() => child.kill());
      liveUrl = url;
    }
    const signal = AbortSignal.timeout(120_000);
    const found = new Map<number, CheckOutcome>();
    const pageIndexes = checks.flatMap((c, i) => (c.kind === 'page' ? [i] : []));
    const pageOutcomes = await checkers.page(
      liveUrl,
      pageIndexes.map((i) => checks[i] as PageCheck),
      signal,
    );
    pageIndexes.forEach((index, n) => found.set(index, pageOutcomes[n] as CheckOutcome));
    for (const [index, check] of checks.entries()) {
      if (check.kind === 'http') found.set(index, await checkers.http(liveUrl, check as HttpCheck, signal));
    }
    return found;
  }

  const live = projects.filter(({ reference }) => reference.site !== null || reference.api !== null);
  it.each(live.map(({ project, reference }) => [project.slug, project, reference] as const))(
    '%s: every check passes on the reference, and the broken variant fails the ones it names',
    async (_slug, project, reference) => {
      const checks = project.requirements.map((r) => r.check);
      for (const [index, outcome] of await outcomes(reference, checks, 'reference')) {
        expect(outcome.status, `requirement ${index} on the reference: ${outcome.message ?? ''}`).toBe('passed');
      }
      for (const [index, outcome] of await outcomes(reference, checks, 'broken')) {
        expect(outcome.status, `requirement ${index} on the broken variant: ${outcome.message ?? ''}`).toBe(
          reference.broken.fails.includes(index) ? 'failed' : 'passed',
        );
      }
    },
    180_000,
  );
});
