// @vitest-environment node
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README and docs/ stay true as the code moves: the README stays short, every npm script they
 * name exists (and the README names them all), and every relative link, file path and anchor they
 * give resolves to a file inside this repository.
 */
const root = resolve(import.meta.dirname, '..');
const README_MAX_LINES = 150;

/** The documents checked, relative to the root: the README, docs/*.md and the other READMEs. */
const documents = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
  'server/README.md',
  'content/README.md',
  'src/delivery/README.md',
];
/** README.md, docs/*.md and the READMEs under src/: their code spans that name a file of the repository must name one that exists. */
const owned = documents.filter((doc) => doc === 'README.md' || doc.startsWith('docs/') || doc.startsWith('src/'));

const read = (doc: string) => readFileSync(join(root, doc), 'utf8');
/** The text outside fenced code blocks. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');
const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
const inside = (path: string) => path === root || path.startsWith(root + sep);

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');

function anchors(doc: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, heading = ''] of prose(read(doc)).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    out.add(count === 0 ? base : `${base}-${count}`);
  }
  return out;
}

/** Every Markdown link of a document that is not a URL: [text](target). */
function relativeLinks(doc: string): string[] {
  return [...prose(read(doc)).matchAll(/\]\(([^)\s]+)\)/g)].map(([, target = '']) => target).filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe('README.md', () => {
  it(`is at most ${README_MAX_LINES} lines`, () => {
    expect(read('README.md').trimEnd().split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('names every npm script of package.json', () => {
    const text = read('README.md');
    const named = (script: string) =>
      text.includes(`npm run ${script}\``) || text.includes(`npm run ${script} `) || (['start', 'test'].includes(script) && text.includes(`npm ${script}`));
    expect(scripts.filter((script) => !named(script))).toEqual([]);
  });
});

describe.each(documents)('%s', (doc) => {
  it('names only npm scripts that package.json has', () => {
    const named = [...read(doc).matchAll(/npm run (?:--?[\w-]+ )*([\w:.-]*[\w])/g)].map(([, script = '']) => script);
    expect(named.filter((script) => !scripts.includes(script))).toEqual([]);
  });

  it('links only to files inside the repository, and to headings they have', () => {
    const broken = relativeLinks(doc).filter((target) => {
      const [path = '', anchor] = target.split('#');
      const file = path ? resolve(root, dirname(doc), decodeURI(path)) : join(root, doc);
      if (!inside(file) || !existsSync(file)) return true;
      if (anchor === undefined) return false;
      return !statSync(file).isFile() || !file.endsWith('.md') || !anchors(relative(root, file)).has(anchor);
    });
    expect(broken).toEqual([]);
  });

  it('names no path outside the repository', () => {
    const outside = [...read(doc).matchAll(/(?:\.\.\/)+[\w.-][\w./-]*/g)]
      .map(([path]) => path)
      .filter((path) => {
        const file = resolve(root, dirname(doc), path);
        return !inside(file) || !existsSync(file);
      });
    expect(outside).toEqual([]);
  });
});

describe.each(owned)('%s names files that exist', (doc) => {
  it('every repository path in a code span exists', () => {
    const paths = [...read(doc).matchAll(/`((?:src|server|scripts|e2e|content|docs|public|\.storybook|\.ci)\/[^`\s]*)`/g)]
      .map(([, path = '']) => path)
      .filter((path) => !/[<>*…{}]/.test(path));
    // A module may be named as it is imported, without its extension.
    const exists = (path: string) => ['', '.ts', '.tsx', '.mjs'].some((ext) => existsSync(join(root, path + ext)));
    expect(paths.filter((path) => !exists(path))).toEqual([]);
  });
});
