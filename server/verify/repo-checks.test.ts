import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RepoCheck } from '../../src/domain/verification.ts';
import { startFakeGitHubApi, type FakeGitHubApi, type FakeGitHubSeed } from '../test/fake-github.ts';
import { createGitHubHost } from './github.ts';
import { linkKey, runRepoCheck, type CiCheck, type RepoCheckTarget } from './repo-checks.ts';

const sha = (digit: string) => digit.repeat(40);
const [C1, C2, C3, C4] = [sha('a'), sha('b'), sha('c'), sha('d')];
const REPO = 'https://github.com/octo-ada/portfolio';
const LIVE = 'https://octo-ada.github.io/portfolio';

const seed: FakeGitHubSeed = {
  repositories: [
    {
      id: 555,
      owner: { id: 9001, login: 'octo-ada' },
      name: 'portfolio',
      commits: [
        {
          sha: C1,
          date: '2026-11-01T09:00:00Z',
          files: {
            'index.html': '<!doctype html>\n<html lang="en">\n<title>Ada</title>\n',
            'README.md': '# Portfolio\n\nSee it live at [my site](https://octo-ada.github.io/portfolio/).\n',
            'css/styles.css': 'body { margin: 0; }\n@media (max-width: 600px) { nav { display: none; } }\n',
          },
        },
        {
          sha: C2,
          date: '2026-11-10T09:00:00Z',
          files: {
            '.env': 'API_KEY=oops',
            'README.md': 'Live: <http://Octo-Ada.github.io/portfolio>.\n',
            'index.html': '<!doctype html>\n<HTML LANG="en">\n',
          },
        },
        {
          sha: C3,
          date: '2026-11-20T09:00:00Z',
          files: {
            'README.md':
              'Old site: https://octo-ada.github.io/portfolio-old/ and https://example.com/a, https://example.com/b, https://example.com/c, https://example.com/d.\n',
          },
        },
        { sha: C4, date: '2026-11-21T09:00:00Z', deleted: ['README.md'] },
      ],
      workflowRuns: [
        { name: 'Tests', headSha: C1, conclusion: 'success', createdAt: '2026-11-01T09:05:00Z' },
        { name: 'Tests', headSha: C2, conclusion: 'failure', createdAt: '2026-11-10T09:05:00Z' },
        { name: 'Lint', headSha: C4, status: 'in_progress', conclusion: null, createdAt: '2026-11-21T09:05:00Z' },
      ],
    },
  ],
};

let fake: FakeGitHubApi;
let host: ReturnType<typeof createGitHubHost>;

const at = (commit: string, liveUrl: string | null = LIVE): RepoCheckTarget => ({
  host,
  repository: { owner: 'octo-ada', name: 'portfolio', htmlUrl: REPO },
  sha: commit,
  liveUrl,
  signal: AbortSignal.timeout(10_000),
});
const file = (path: string): RepoCheck => ({ kind: 'repo', rule: 'file', path });
const absent = (path: string): RepoCheck => ({ kind: 'repo', rule: 'absent', path });
const contains = (path: string, text: string): RepoCheck => ({ kind: 'repo', rule: 'contains', path, text });
const readmeLinksLive: RepoCheck = { kind: 'repo', rule: 'readme-links-live' };
const ci: CiCheck = { kind: 'ci' };

beforeAll(async () => {
  fake = await startFakeGitHubApi({ seed });
  host = createGitHubHost({ baseUrl: fake.url });
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.seed(seed);
  fake.fail(null);
});

describe('repo: file', () => {
  it('passes when the file is there at the commit checked, linking it on GitHub', async () => {
    expect(await runRepoCheck(at(C1), file('css/styles.css'))).toEqual({
      status: 'passed',
      message: null,
      evidence: { target: 'css/styles.css', expected: 'The file exists', found: 'The file exists', screenshot: null, url: `${REPO}/blob/${C1}/css/styles.css` },
    });
  });

  it('fails when it is not, saying which file and which commit, linking the commit’s files', async () => {
    expect(await runRepoCheck(at(C1), file('.env'))).toEqual({
      status: 'failed',
      message: 'There is no file .env at commit aaaaaaa.',
      evidence: { target: '.env', expected: 'The file exists', found: 'No such file', screenshot: null, url: `${REPO}/tree/${C1}` },
    });
  });

  it('reads the commit checked, not the newest one', async () => {
    expect((await runRepoCheck(at(C3), file('README.md'))).status).toBe('passed');
    expect((await runRepoCheck(at(C4), file('README.md'))).status).toBe('failed');
  });

  it('counts a file over 1 MB as there (file passes, absent fails), though its text is not read', async () => {
    const big = structuredClone(seed);
    big.repositories[0]?.commits.push({ sha: sha('9'), date: '2026-11-22T09:00:00Z', files: { 'data.json': 'x'.repeat(1024 * 1024 + 1) } });
    fake.seed(big);
    expect((await runRepoCheck(at(sha('9')), file('data.json'))).status).toBe('passed');
    expect((await runRepoCheck(at(sha('9')), absent('data.json'))).status).toBe('failed');
    expect(await runRepoCheck(at(sha('9')), contains('data.json', 'x'))).toMatchObject({
      status: 'error',
      message: 'data.json is larger than 1 MB, so it was not read.',
    });
  });

  it('fails for a folder: a folder is not the file asked for', async () => {
    expect(await runRepoCheck(at(C1), file('css'))).toMatchObject({ status: 'failed', message: 'There is no file css at commit aaaaaaa.' });
  });
});

describe('repo: absent', () => {
  it('passes while the file is not there', async () => {
    expect(await runRepoCheck(at(C1), absent('.env'))).toMatchObject({ status: 'passed', evidence: { target: '.env', found: 'No such file' } });
  });

  it('fails once it is committed, linking it and saying what to do', async () => {
    expect(await runRepoCheck(at(C2), absent('.env'))).toEqual({
      status: 'failed',
      message: '.env is in the repository at commit bbbbbbb: remove it (and change any secret it held).',
      evidence: { target: '.env', expected: 'No such file', found: 'The file exists', screenshot: null, url: `${REPO}/blob/${C2}/.env` },
    });
  });
});

describe('repo: contains', () => {
  it('passes when the file contains the text, showing the line it is on', async () => {
    expect(await runRepoCheck(at(C1), contains('css/styles.css', '@media'))).toEqual({
      status: 'passed',
      message: null,
      evidence: {
        target: 'css/styles.css',
        expected: 'Contains “@media”',
        found: '@media (max-width: 600px) { nav { display: none; } }',
        screenshot: null,
        url: `${REPO}/blob/${C1}/css/styles.css`,
      },
    });
  });

  it('fails when the text is not in the file', async () => {
    expect(await runRepoCheck(at(C1), contains('index.html', '<main'))).toMatchObject({
      status: 'failed',
      message: 'index.html does not contain “<main” at commit aaaaaaa.',
      evidence: { expected: 'Contains “<main”', found: 'Not in the file (4 lines)', url: `${REPO}/blob/${C1}/index.html` },
    });
  });

  it('is case-sensitive, and points at the text written with other capitals', async () => {
    expect(await runRepoCheck(at(C2), contains('index.html', '<html lang="en">'))).toMatchObject({
      status: 'failed',
      evidence: { found: 'Only with other capitals: “<HTML LANG="en">” in “<HTML LANG="en">”' },
    });
  });

  it('takes the text as plain text, never as a pattern', async () => {
    expect((await runRepoCheck(at(C1), contains('css/styles.css', '(max-width: 600px)'))).status).toBe('passed');
    expect((await runRepoCheck(at(C1), contains('css/styles.css', '.*'))).status).toBe('failed');
  });

  it('fails when the file is not there', async () => {
    expect(await runRepoCheck(at(C1), contains('js/app.js', 'addEventListener'))).toMatchObject({
      status: 'failed',
      message: 'There is no file js/app.js at commit aaaaaaa, so it cannot contain “addEventListener”.',
      evidence: { found: 'No such file', url: `${REPO}/tree/${C1}` },
    });
  });

  it('cuts a long line down to the part around the text', async () => {
    const long = structuredClone(seed);
    long.repositories[0]?.commits.push({ sha: sha('e'), date: '2026-11-22T09:00:00Z', files: { 'min.js': `${'x'.repeat(5000)}NEEDLE${'y'.repeat(5000)}` } });
    fake.seed(long);
    const found = (await runRepoCheck(at(sha('e')), contains('min.js', 'NEEDLE'))).evidence?.found ?? '';
    expect(found).toContain('NEEDLE');
    expect(found.length).toBeLessThanOrEqual(122);
    expect(found.startsWith('…') && found.endsWith('…')).toBe(true);
  });
});

describe('repo: contains, in a file read with a parser for its language', () => {
  const code = sha('7');
  const files: Record<string, string> = {
    'commented.css': ':root {\n  --accent: #c0392b; /* then use var(--accent) everywhere */\n}\na { color: #c0392b; }\n',
    'quoted.css': ':root { --accent: red; }\na::after { content: "var(--accent)"; }\n',
    'used.css': ':root { --accent: red; }\n/* colours */\na { color: var(--accent); }\n',
    'app.js': "// fetch('https://api.pwnedpasswords.com/range/')\nconst api = 'https://example.com/';\n",
    'breach.js': 'const api = `https://api.pwnedpasswords.com/range/${prefix}`;\nfetch(api);\n',
    'view.jsx': 'export const View = () => <p className="x">{/* addEventListener */}Hi</p>;\n',
    'broken.js': 'function (\n',
    'page.html': '<!doctype html>\n<!-- <main> comes later -->\n<style>/* <main */ body { margin: 0 }</style>\n<p>Hi</p>\n',
  };
  beforeEach(() => {
    const withCode = structuredClone(seed);
    withCode.repositories[0]?.commits.push({ sha: code, date: '2026-11-22T09:00:00Z', files });
    fake.seed(withCode);
  });

  it('fails when var(-- is only in a CSS comment, saying so', async () => {
    expect(await runRepoCheck(at(code), contains('commented.css', 'var(--'))).toMatchObject({
      status: 'failed',
      message: 'commented.css has “var(--” only in a comment at commit 7777777: a comment does not count.',
      evidence: { found: 'Only in a comment: “--accent: #c0392b; /* then use var(--accent) everywhere */”' },
    });
  });

  it('fails when it is only inside a CSS string, and passes when the code uses it', async () => {
    expect(await runRepoCheck(at(code), contains('quoted.css', 'var(--'))).toMatchObject({
      status: 'failed',
      message: 'quoted.css has “var(--” only inside a string at commit 7777777: it counts only in the code itself.',
    });
    expect(await runRepoCheck(at(code), contains('used.css', 'var(--'))).toMatchObject({ status: 'passed', evidence: { found: 'a { color: var(--accent); }' } });
  });

  it('in JavaScript, counts a text asked `in: string` only inside a string literal (a template’s text too), never in a comment', async () => {
    const inString = (path: string): RepoCheck => ({ kind: 'repo', rule: 'contains', path, text: 'https://api.pwnedpasswords.com/range/', in: 'string' });
    expect(await runRepoCheck(at(code), inString('app.js'))).toMatchObject({
      status: 'failed',
      message: 'app.js has “https://api.pwnedpasswords.com/range/” only in a comment at commit 7777777: a comment does not count.',
    });
    expect((await runRepoCheck(at(code), inString('breach.js'))).status).toBe('passed');
    expect((await runRepoCheck(at(code), contains('view.jsx', 'addEventListener'))).status).toBe('failed');
    expect((await runRepoCheck(at(code), contains('view.jsx', 'className'))).status).toBe('passed');
  });

  it('fails a script that is not valid JavaScript, saying where', async () => {
    expect(await runRepoCheck(at(code), contains('broken.js', 'function'))).toMatchObject({
      status: 'failed',
      message: 'broken.js could not be read as JavaScript at commit 7777777: Unexpected token (1:9).',
    });
  });

  it('in HTML, a comment does not count, nor one in its inline CSS', async () => {
    expect((await runRepoCheck(at(code), contains('page.html', '<main'))).status).toBe('failed');
    expect((await runRepoCheck(at(code), contains('page.html', '<p>Hi'))).status).toBe('passed');
  });
});

describe('repo: readme-links-live', () => {
  it('passes when the README links the live URL, whatever its trailing slash', async () => {
    expect(await runRepoCheck(at(C1), readmeLinksLive)).toEqual({
      status: 'passed',
      message: null,
      evidence: {
        target: 'README',
        expected: `A link to ${LIVE}`,
        found: 'https://octo-ada.github.io/portfolio/',
        screenshot: null,
        url: `${REPO}/tree/${C1}#readme`,
      },
    });
    expect((await runRepoCheck(at(C1, `${LIVE}/`), readmeLinksLive)).status).toBe('passed');
  });

  it('passes for the same address over http or https, with the host in any case', async () => {
    expect(await runRepoCheck(at(C2), readmeLinksLive)).toMatchObject({ status: 'passed', evidence: { found: 'http://Octo-Ada.github.io/portfolio' } });
  });

  it('fails for another address that merely starts like it, listing what the README links', async () => {
    expect(await runRepoCheck(at(C3), readmeLinksLive)).toMatchObject({
      status: 'failed',
      message: `The README does not link your live URL, ${LIVE}.`,
      evidence: { found: 'The README links https://octo-ada.github.io/portfolio-old/, https://example.com/a, https://example.com/b, …' },
    });
  });

  it('fails when there is no README at the commit checked', async () => {
    expect(await runRepoCheck(at(C4), readmeLinksLive)).toMatchObject({
      status: 'failed',
      message: 'The repository has no README at commit ddddddd.',
      evidence: { found: 'No README' },
    });
  });

  it('fails without reading GitHub when no live URL was submitted', async () => {
    fake.requests.length = 0;
    expect(await runRepoCheck(at(C1, null), readmeLinksLive)).toMatchObject({
      status: 'failed',
      message: 'Submit the URL where your project runs: the README must link it.',
    });
    expect(fake.requests).toEqual([]);
  });

  it('reads a hostile 1 MB README in linear time', async () => {
    const hostile = structuredClone(seed);
    const readme = `https://a${'.'.repeat(250_000)}x ${'https://b.io/'.repeat(25_000)} ${'http:/'.repeat(50_000)}`;
    hostile.repositories[0]?.commits.push({ sha: sha('f'), date: '2026-11-22T09:00:00Z', files: { 'README.md': readme } });
    fake.seed(hostile);
    const started = performance.now();
    expect(await runRepoCheck(at(sha('f')), readmeLinksLive)).toMatchObject({ status: 'failed' });
    // A quadratic step on 250,000 dots would take minutes; the read itself takes a few ms.
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('compares addresses without their scheme and trailing slashes, the host in lower case, the path as written', () => {
    expect(linkKey('https://Ada.GitHub.io/Portfolio/')).toBe('ada.github.io/Portfolio');
    expect(linkKey('http://ada.github.io')).toBe('ada.github.io');
    expect(linkKey('https://ada.github.io/portfolio')).not.toBe(linkKey('https://ada.github.io/portfolio-old'));
  });
});

describe('ci', () => {
  it('passes only when the latest run on the commit succeeded, saying it is the learner’s own CI', async () => {
    expect(await runRepoCheck(at(C1), ci)).toEqual({
      status: 'passed',
      message: "Your own CI (Tests) passed on this commit. It runs a workflow you wrote, so it is weaker evidence than PathForge's own checks.",
      evidence: {
        target: 'Tests',
        expected: 'The latest workflow run on this commit succeeded',
        found: 'success',
        screenshot: null,
        url: 'https://github.com/octo-ada/portfolio/actions/runs/1',
      },
    });
  });

  it('fails when the run did not succeed, saying how it ended', async () => {
    expect(await runRepoCheck(at(C2), ci)).toMatchObject({
      status: 'failed',
      message: 'Your CI (Tests) did not pass on this commit: it ended in “failure”.',
      evidence: { found: 'failure', url: 'https://github.com/octo-ada/portfolio/actions/runs/2' },
    });
  });

  it.each(['cancelled', 'skipped', 'neutral', 'timed_out'])('does not pass a run that ended “%s”', async (conclusion) => {
    const ended = structuredClone(seed);
    ended.repositories[0]?.workflowRuns?.push({ name: 'Tests', headSha: C1, conclusion, createdAt: '2026-11-01T10:00:00Z' });
    fake.seed(ended);
    expect(await runRepoCheck(at(C1), ci)).toMatchObject({ status: 'failed', message: `Your CI (Tests) did not pass on this commit: it ended in “${conclusion}”.` });
  });

  it('fails when no workflow ran on the commit', async () => {
    expect(await runRepoCheck(at(C3), ci)).toMatchObject({
      status: 'failed',
      message: 'No workflow ran on this commit, and no other CI reported a check on it.',
      evidence: { target: 'GitHub Actions', found: 'No workflow run or check run', url: `${REPO}/commit/${C3}` },
    });
  });

  it('does not pass a run that is still going', async () => {
    expect(await runRepoCheck(at(C4), ci)).toMatchObject({
      status: 'failed',
      message: 'Your CI (Lint) is still running on this commit: check again when it has finished.',
      evidence: { found: 'Still in progress' },
    });
  });
});

describe('when GitHub cannot be read', () => {
  it('answers "couldn’t check" with GitHub’s rate-limit sentence, never failed or passed', async () => {
    fake.fail({ kind: 'rate-limit', resetAt: Date.UTC(2026, 10, 27, 14, 5) / 1000 });
    for (const check of [file('index.html'), absent('.env'), contains('index.html', 'x'), readmeLinksLive, ci]) {
      expect(await runRepoCheck(at(C1), check)).toMatchObject({
        status: 'error',
        message: "GitHub's rate limit for this server is used up until 14:05 UTC; check again then.",
        evidence: { url: `${REPO}/commit/${C1}` },
      });
    }
  });

  it('lets our own mistakes through to the runner, which retries them, instead of blaming GitHub', async () => {
    const broken = { ...host, fileAt: () => Promise.reject(new TypeError('a bug of ours')) };
    await expect(runRepoCheck({ ...at(C1), host: broken }, file('index.html'))).rejects.toThrow(TypeError);
  });

  it('answers "couldn’t check" when GitHub fails, naming what it was looking at', async () => {
    fake.fail({ kind: 'server-error' });
    expect(await runRepoCheck(at(C1), absent('.env'))).toEqual({
      status: 'error',
      message: 'GitHub answered with an error (500); check again in a few minutes.',
      evidence: { target: '.env', expected: null, found: null, screenshot: null, url: `${REPO}/commit/${C1}` },
    });
  });
});
