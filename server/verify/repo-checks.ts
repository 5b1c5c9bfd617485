/**
 * The `repo` and `ci` checks of a requirement, read through a RepoHost at the one commit checked.
 * Each answers passed or failed with evidence a learner can act on (the file, what was expected,
 * what was found, a link to it on GitHub), or "couldn't check" (`error`) when GitHub could not be
 * read: that is never the learner's fault and never counts as failed.
 */
import { CODE_LANGUAGES, languageOf, type Check, type RepoCheck } from '../../src/domain/verification.ts';
import type { Evidence } from '../../src/api/learning/contract.ts';
import { codeParts, indexInCode, indexInComment, NotParsed, type CodeParts } from './code-text.ts';
import { CheckUnavailable, type CheckOutcome, type RepoHost, type RepositoryInfo } from './contract.ts';
import { FileTooLarge } from './github.ts';

export type CiCheck = Extract<Check, { kind: 'ci' }>;

/** What a repo or ci check is run against. */
export type RepoCheckTarget = {
  host: RepoHost;
  repository: Pick<RepositoryInfo, 'owner' | 'name' | 'htmlUrl'>;
  /** The commit checked (pinned when the run started). */
  sha: string;
  /** The live URL submitted, if any. */
  liveUrl: string | null;
  signal: AbortSignal;
};

/** The longest excerpt of a file shown as evidence. */
const EXCERPT_LENGTH = 120;
/** How many of the README's links are listed when none is the live URL. */
const LINKS_SHOWN = 3;

export const repoCheckMessages = {
  noFile: (path: string, commit: string) => `There is no file ${path} at commit ${commit}.`,
  present: (path: string, commit: string) => `${path} is in the repository at commit ${commit}: remove it (and change any secret it held).`,
  noFileToSearch: (path: string, text: string, commit: string) => `There is no file ${path} at commit ${commit}, so it cannot contain “${text}”.`,
  notContained: (path: string, text: string, commit: string) => `${path} does not contain “${text}” at commit ${commit}.`,
  onlyInComment: (path: string, text: string, commit: string) => `${path} has “${text}” only in a comment at commit ${commit}: a comment does not count.`,
  onlyInString: (path: string, text: string, commit: string) => `${path} has “${text}” only inside a string at commit ${commit}: it counts only in the code itself.`,
  notInString: (path: string, text: string, commit: string) => `${path} has no string containing “${text}” at commit ${commit}.`,
  notParsed: (path: string, language: string, commit: string, reason: string) => `${path} could not be read as ${language} at commit ${commit}: ${reason}.`,
  noLiveUrl: 'Submit the URL where your project runs: the README must link it.',
  noReadme: (commit: string) => `The repository has no README at commit ${commit}.`,
  readmeMissesLive: (liveUrl: string) => `The README does not link your live URL, ${liveUrl}.`,
  noWorkflow: 'No workflow ran on this commit, and no other CI reported a check on it.',
  ciRunning: (name: string) => `Your CI (${name}) is still running on this commit: check again when it has finished.`,
  ciFailed: (name: string, conclusion: string) => `Your CI (${name}) did not pass on this commit: it ended in “${conclusion}”.`,
  ciPassed: (name: string) => `Your own CI (${name}) passed on this commit. It runs a workflow you wrote, so it is weaker evidence than PathForge's own checks.`,
} as const;

const evidence = (target: string, expected: string | null, found: string | null, url: string | null): Evidence => ({
  target,
  expected,
  found,
  screenshot: null,
  url,
});

/** The line of `text` around `index`, at most EXCERPT_LENGTH characters. */
function excerpt(text: string, index: number, length: number): string {
  const start = text.lastIndexOf('\n', index) + 1;
  const newline = text.indexOf('\n', index + length);
  const end = newline === -1 ? text.length : newline;
  const from = Math.max(start, Math.min(index - 20, end - EXCERPT_LENGTH));
  const line = text.slice(from, Math.min(end, from + EXCERPT_LENGTH)).trim();
  return `${from > start ? '…' : ''}${line}${from + EXCERPT_LENGTH < end ? '…' : ''}`;
}

/**
 * An address as compared: scheme (http or https) and trailing slashes dropped, host lower-cased,
 * path kept as written. `https://Ada.github.io/portfolio/` → `ada.github.io/portfolio`.
 */
export function linkKey(url: string): string {
  const rest = url.trim().replace(/^https?:\/\//i, '');
  const slash = rest.indexOf('/');
  const host = slash === -1 ? rest : rest.slice(0, slash);
  const path = slash === -1 ? '' : rest.slice(slash);
  let key = `${host.toLowerCase()}${path}`;
  while (key.endsWith('/')) key = key.slice(0, -1);
  return key;
}

/** Punctuation that ends a sentence (or Markdown emphasis) after an address rather than belonging to it. */
const TRAILING = new Set(['.', ',', ';', ':', '!', '?', '*', '_']);

/**
 * Every http(s) address in a text, as written (Markdown, HTML or bare), without the sentence's
 * punctuation after it. One character class, one quantifier, and the punctuation dropped by a
 * loop rather than a pattern: linear on any README the learner writes (up to 1 MB).
 */
function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>()[\]"'`]+/gi)].map(([link]) => {
    let end = link.length;
    while (end > 0 && TRAILING.has(link[end - 1] ?? '')) end -= 1;
    return link.slice(0, end);
  });
}

async function checkRepo(target: RepoCheckTarget, check: RepoCheck): Promise<CheckOutcome> {
  const { host, repository, sha, signal } = target;
  const commit = sha.slice(0, 7);
  const tree = `${repository.htmlUrl}/tree/${sha}`;
  const blob = (path: string) => `${repository.htmlUrl}/blob/${sha}/${path}`;
  const read = (path: string) => host.fileAt(repository.owner, repository.name, sha, path, signal);
  /** Whether the file is there: one over 1 MB is, though its text is not read. */
  const exists = (path: string) =>
    read(path).then(
      (text) => text !== null,
      (error: unknown) => {
        if (error instanceof FileTooLarge) return true;
        throw error;
      },
    );

  switch (check.rule) {
    case 'file': {
      return !(await exists(check.path))
        ? { status: 'failed', message: repoCheckMessages.noFile(check.path, commit), evidence: evidence(check.path, 'The file exists', 'No such file', tree) }
        : { status: 'passed', message: null, evidence: evidence(check.path, 'The file exists', 'The file exists', blob(check.path)) };
    }
    case 'absent': {
      return !(await exists(check.path))
        ? { status: 'passed', message: null, evidence: evidence(check.path, 'No such file', 'No such file', tree) }
        : {
            status: 'failed',
            message: repoCheckMessages.present(check.path, commit),
            evidence: evidence(check.path, 'No such file', 'The file exists', blob(check.path)),
          };
    }
    case 'contains': {
      const expected = `Contains “${check.text}”`;
      const text = await read(check.path);
      if (text === null) {
        return {
          status: 'failed',
          message: repoCheckMessages.noFileToSearch(check.path, check.text, commit),
          evidence: evidence(check.path, expected, 'No such file', tree),
        };
      }
      // Case-sensitive: a substring search, never a pattern made of the content's text. A file in a
      // language PathForge parses is searched in its code only (or in its strings, with `in: string`).
      const language = languageOf(check.path);
      let parts: CodeParts | null = null;
      if (language !== null) {
        try {
          parts = codeParts(text, language);
        } catch (error) {
          if (!(error instanceof NotParsed)) throw error;
          const reason = error.message.replace(/\.$/, '');
          return {
            status: 'failed',
            message: repoCheckMessages.notParsed(check.path, CODE_LANGUAGES[language], commit, reason),
            evidence: evidence(check.path, expected, `Not valid ${CODE_LANGUAGES[language]}: ${reason}`, blob(check.path)),
          };
        }
      }
      const inString = check.in === 'string';
      const at = parts ? indexInCode(text, check.text, parts, inString) : text.indexOf(check.text);
      if (at !== -1) {
        return { status: 'passed', message: null, evidence: evidence(check.path, expected, excerpt(text, at, check.text.length), blob(check.path)) };
      }
      if (parts && text.includes(check.text)) {
        // There, but where it does not count: say where.
        const comment = indexInComment(text, check.text, parts);
        const inComment = comment !== -1 && (inString || indexInCode(text, check.text, parts, true) === -1);
        const message = inComment
          ? repoCheckMessages.onlyInComment(check.path, check.text, commit)
          : inString
            ? repoCheckMessages.notInString(check.path, check.text, commit)
            : repoCheckMessages.onlyInString(check.path, check.text, commit);
        const where = inComment ? comment : text.indexOf(check.text);
        const found = `${inComment ? 'Only in a comment' : inString ? 'Not inside a string' : 'Only inside a string'}: “${excerpt(text, where, check.text.length)}”`;
        return { status: 'failed', message, evidence: evidence(check.path, expected, found, blob(check.path)) };
      }
      const lower = text.toLowerCase();
      // Offered only when lower-casing kept every character's place, so the excerpt is the file's own.
      const near = lower.length === text.length ? lower.indexOf(check.text.toLowerCase()) : -1;
      const found =
        near === -1
          ? `Not in the file (${text.split('\n').length} lines)`
          : `Only with other capitals: “${text.slice(near, near + check.text.length)}” in “${excerpt(text, near, check.text.length)}”`;
      return {
        status: 'failed',
        message: repoCheckMessages.notContained(check.path, check.text, commit),
        evidence: evidence(check.path, expected, found, blob(check.path)),
      };
    }
    case 'readme-links-live': {
      const readmeUrl = `${tree}#readme`;
      if (target.liveUrl === null)
        return { status: 'failed', message: repoCheckMessages.noLiveUrl, evidence: evidence('README', 'A link to your live URL', null, readmeUrl) };
      const expected = `A link to ${target.liveUrl}`;
      const readme = await host.readmeAt(repository.owner, repository.name, sha, signal);
      if (readme === null) return { status: 'failed', message: repoCheckMessages.noReadme(commit), evidence: evidence('README', expected, 'No README', tree) };
      const live = linkKey(target.liveUrl);
      const links = linksIn(readme);
      const match = links.find((link) => linkKey(link) === live);
      if (match !== undefined) return { status: 'passed', message: null, evidence: evidence('README', expected, match, readmeUrl) };
      const shown = [...new Set(links)].slice(0, LINKS_SHOWN);
      const found = shown.length === 0 ? 'The README links no web address' : `The README links ${shown.join(', ')}${links.length > shown.length ? ', …' : ''}`;
      return { status: 'failed', message: repoCheckMessages.readmeMissesLive(target.liveUrl), evidence: evidence('README', expected, found, readmeUrl) };
    }
  }
}

async function checkCi(target: RepoCheckTarget): Promise<CheckOutcome> {
  const { host, repository, sha, signal } = target;
  const expected = 'The latest workflow run on this commit succeeded';
  const run = await host.latestWorkflowRun(repository.owner, repository.name, sha, signal);
  if (run === null) {
    return {
      status: 'failed',
      message: repoCheckMessages.noWorkflow,
      evidence: evidence('GitHub Actions', expected, 'No workflow run or check run', `${repository.htmlUrl}/commit/${sha}`),
    };
  }
  if (run.status !== 'completed') {
    return {
      status: 'failed',
      message: repoCheckMessages.ciRunning(run.name),
      evidence: evidence(run.name, expected, `Still ${run.status.replace('_', ' ')}`, run.htmlUrl),
    };
  }
  if (run.conclusion !== 'success') {
    const conclusion = run.conclusion ?? 'no conclusion';
    return { status: 'failed', message: repoCheckMessages.ciFailed(run.name, conclusion), evidence: evidence(run.name, expected, conclusion, run.htmlUrl) };
  }
  return { status: 'passed', message: repoCheckMessages.ciPassed(run.name), evidence: evidence(run.name, expected, 'success', run.htmlUrl) };
}

/** What was being looked at, for the evidence of a check that could not run. */
function targetOf(check: RepoCheck | CiCheck): string {
  if (check.kind === 'ci') return 'GitHub Actions';
  return check.rule === 'readme-links-live' ? 'README' : check.path;
}

/** Runs one `repo` or `ci` check at the commit checked. GitHub not answering is `error`, with its sentence. */
export async function runRepoCheck(target: RepoCheckTarget, check: RepoCheck | CiCheck): Promise<CheckOutcome> {
  try {
    return check.kind === 'ci' ? await checkCi(target) : await checkRepo(target, check);
  } catch (error) {
    if (!(error instanceof CheckUnavailable)) throw error;
    return { status: 'error', message: error.message, evidence: evidence(targetOf(check), null, null, `${target.repository.htmlUrl}/commit/${target.sha}`) };
  }
}
