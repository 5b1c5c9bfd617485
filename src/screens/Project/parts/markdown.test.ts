import { describe, expect, it } from 'vitest';
import { curriculum } from '../../../fixtures/curriculum';
import { parseInline, parseMarkdown, safeHref, type Block, type Inline } from './markdown';

const text = (t: string): Inline => ({ kind: 'text', text: t });

describe('parseInline', () => {
  it('reads code, bold, emphasis and links', () => {
    expect(parseInline('Use `fetch` with **care** and *patience*, see [MDN](https://developer.mozilla.org).')).toEqual([
      text('Use '),
      { kind: 'code', text: 'fetch' },
      text(' with '),
      { kind: 'strong', children: [text('care')] },
      text(' and '),
      { kind: 'em', children: [text('patience')] },
      text(', see '),
      { kind: 'link', href: 'https://developer.mozilla.org', children: [text('MDN')] },
      text('.'),
    ]);
  });

  it('keeps what looks like Markdown inside code spans as it is', () => {
    expect(parseInline('`**not bold**` and `a * b`')).toEqual([{ kind: 'code', text: '**not bold**' }, text(' and '), { kind: 'code', text: 'a * b' }]);
    expect(parseInline('`` a ` b ``')).toEqual([{ kind: 'code', text: 'a ` b' }]);
  });

  it('leaves lone markers, snake_case and unclosed runs as text', () => {
    expect(parseInline('5 * 3 and snake_case_name and **open')).toEqual([text('5 * 3 and snake_case_name and **open')]);
    expect(parseInline('a `b')).toEqual([text('a `b')]);
    expect(parseInline('\\*literal\\*')).toEqual([text('*literal*')]);
  });

  it('makes only web and mail addresses links', () => {
    expect(parseInline('[x](javascript:alert(1))')).toEqual([text('[x](javascript:alert(1))')]);
    expect(parseInline('[x](/relative)')).toEqual([text('x')]);
    expect(safeHref('mailto:ada@example.com')).toBe('mailto:ada@example.com');
    expect(safeHref('JAVASCRIPT:alert(1)')).toBeNull();
    expect(parseInline('[**Settings** `x`](https://github.com)')).toEqual([
      { kind: 'link', href: 'https://github.com', children: [{ kind: 'strong', children: [text('Settings')] }, text(' '), { kind: 'code', text: 'x' }] },
    ]);
  });
});

describe('parseMarkdown', () => {
  it('reads headings, paragraphs (soft-wrapped lines joined) and lists', () => {
    const blocks = parseMarkdown('## What you will build\n\nA page\nabout you.\n\n- one\n- [ ] two\n\n1. first\n2. second\n');
    expect(blocks).toEqual<Block[]>([
      { kind: 'heading', level: 2, children: [text('What you will build')] },
      { kind: 'paragraph', children: [text('A page about you.')] },
      { kind: 'list', ordered: false, start: 1, items: [[{ kind: 'paragraph', children: [text('one')] }], [{ kind: 'paragraph', children: [text('two')] }]] },
      {
        kind: 'list',
        ordered: true,
        start: 1,
        items: [[{ kind: 'paragraph', children: [text('first')] }], [{ kind: 'paragraph', children: [text('second')] }]],
      },
    ]);
  });

  it('keeps indented code blocks and nested lists inside their list item', () => {
    const source = [
      '1. **Try it.** Paste:',
      '',
      '   ```js',
      '   const x = 1;',
      '     indented();',
      '   ```',
      '',
      '   - nested',
      '2. Next',
      '',
      '```bash',
      'npm test',
      '```',
    ].join('\n');
    const [list, code] = parseMarkdown(source);
    expect(list).toEqual({
      kind: 'list',
      ordered: true,
      start: 1,
      items: [
        [
          { kind: 'paragraph', children: [{ kind: 'strong', children: [text('Try it.')] }, text(' Paste:')] },
          { kind: 'code', language: 'js', text: 'const x = 1;\n  indented();' },
          { kind: 'list', ordered: false, start: 1, items: [[{ kind: 'paragraph', children: [text('nested')] }]] },
        ],
        [{ kind: 'paragraph', children: [text('Next')] }],
      ],
    });
    expect(code).toEqual({ kind: 'code', language: 'bash', text: 'npm test' });
  });

  it('reads every brief in content/ without losing a word', () => {
    const words = (inlines: Inline[]): string => inlines.map((i) => ('text' in i ? i.text : words(i.children))).join('');
    const all = (blocks: Block[]): string =>
      blocks.map((b) => (b.kind === 'code' ? b.text : b.kind === 'list' ? b.items.map(all).join(' ') : words(b.children))).join(' ');
    const letters = (s: string) => s.replace(/[^A-Za-z0-9]/g, '');
    for (const project of curriculum.projects) {
      const rendered = letters(all(parseMarkdown(project.brief)));
      // Markdown syntax aside, the same letters and digits in the same order.
      const source = letters(
        project.brief
          .replace(/^\s*(#+|[-*]|\d+\.)\s+(\[[ x]\]\s+)?/gm, '')
          .replace(/\]\((https?:|mailto:)[^)]*\)/g, '')
          .replace(/```\w*/g, ''),
      );
      expect(rendered, project.slug).toBe(source);
    }
  });
});
