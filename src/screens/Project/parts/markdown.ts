/**
 * The small Markdown a project brief is written in (content/projects/<slug>/brief.md), parsed into
 * plain data that `Markdown.tsx` draws with React elements only (no HTML strings). Supported:
 * `#` headings, paragraphs, `-`/`*` and `1.` lists (nested by indentation, `- [ ]` items shown as
 * plain items), fenced code blocks, and inline `code`, **bold**, *emphasis* and [links](https://...).
 * Anything else is kept as text, so nothing the author wrote disappears.
 */

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] }
  | { kind: 'link'; href: string; children: Inline[] };

export type Block =
  | { kind: 'heading'; level: number; children: Inline[] }
  | { kind: 'paragraph'; children: Inline[] }
  | { kind: 'code'; language: string; text: string }
  | { kind: 'list'; ordered: boolean; start: number; items: Block[][] };

const FENCE = /^(`{3,}|~{3,})\s*([\w+-]*)\s*$/;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const LIST_ITEM = /^(\s{0,3})([-*+]|\d{1,9}[.)])(\s+|$)(.*)$/;
const TASK_MARKER = /^\[[ xX]\]\s+/;

const isBlank = (line: string) => line.trim() === '';
const indentOf = (line: string) => line.length - line.trimStart().length;

type Marker = { ordered: boolean; start: number; contentIndent: number; first: string };

function listMarker(line: string): Marker | null {
  const match = LIST_ITEM.exec(line);
  if (!match) return null;
  const [, lead = '', marker = '', space = '', rest = ''] = match;
  const ordered = /\d/.test(marker);
  // A marker followed by more than 4 spaces starts an indented block: count one space only.
  const gap = space.length === 0 || space.length > 4 ? 1 : space.length;
  return { ordered, start: ordered ? parseInt(marker, 10) : 1, contentIndent: lead.length + marker.length + gap, first: rest };
}

/** Lines that end a paragraph without a blank line before them. */
const interrupts = (line: string) => FENCE.test(line.trim()) || HEADING.test(line) || listMarker(line) !== null;

export function parseMarkdown(source: string): Block[] {
  return parseBlocks(source.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n'));
}

function parseBlocks(lines: readonly string[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (isBlank(line)) {
      i += 1;
      continue;
    }
    const fence = FENCE.exec(line.trim());
    if (fence) {
      const close = fence[1] ?? '```';
      const indent = indentOf(line);
      const body: string[] = [];
      i += 1;
      while (i < lines.length && !(lines[i] ?? '').trim().startsWith(close)) {
        const text = lines[i] ?? '';
        body.push(text.slice(Math.min(indent, indentOf(text))));
        i += 1;
      }
      i += 1; // the closing fence (or the end)
      blocks.push({ kind: 'code', language: fence[2] ?? '', text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', level: (heading[1] ?? '#').length, children: parseInline(heading[2] ?? '') });
      i += 1;
      continue;
    }
    const marker = listMarker(line);
    if (marker) {
      const list: Block & { kind: 'list' } = { kind: 'list', ordered: marker.ordered, start: marker.start, items: [] };
      let current: Marker | null = marker;
      while (current && current.ordered === list.ordered) {
        const content = [current.first.replace(TASK_MARKER, '')];
        const indent = current.contentIndent;
        i += 1;
        while (i < lines.length) {
          const next = lines[i] ?? '';
          if (isBlank(next)) {
            // A blank line stays in the item when the item goes on (indented) after it.
            let j = i;
            while (j < lines.length && isBlank(lines[j] ?? '')) j += 1;
            if (j < lines.length && indentOf(lines[j] ?? '') >= indent) {
              for (; i < j; i += 1) content.push('');
              continue;
            }
            break;
          }
          if (indentOf(next) >= indent) {
            content.push(next.slice(indent));
            i += 1;
          } else if (!interrupts(next) && !isBlank(content[content.length - 1] ?? '')) {
            content.push(next.trim()); // a lazy continuation of the item's paragraph
            i += 1;
          } else {
            break;
          }
        }
        list.items.push(parseBlocks(content));
        // The next item of the same list, possibly after blank lines.
        let j = i;
        while (j < lines.length && isBlank(lines[j] ?? '')) j += 1;
        current = j < lines.length ? listMarker(lines[j] ?? '') : null;
        if (current && current.ordered === list.ordered) i = j;
      }
      blocks.push(list);
      continue;
    }
    const paragraph: string[] = [line.trim()];
    i += 1;
    while (i < lines.length && !isBlank(lines[i] ?? '') && !interrupts(lines[i] ?? '')) {
      paragraph.push((lines[i] ?? '').trim());
      i += 1;
    }
    blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join(' ')) });
  }
  return blocks;
}

const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/;
const WORD = /[\p{L}\p{N}]/u;

/** Only web and mail links become links; anything else (javascript:, relative paths) stays text. */
export function safeHref(href: string): string | null {
  return /^(https?:\/\/|mailto:)/i.test(href.trim()) ? href.trim() : null;
}

/** The index of the `]` that closes the `[` at `open`, skipping code spans and nested brackets. */
function closingBracket(text: string, open: number): number {
  let depth = 0;
  for (let k = open; k < text.length; k += 1) {
    const char = text[k];
    if (char === '\\') k += 1;
    else if (char === '`') {
      const end = text.indexOf('`', k + 1);
      if (end === -1) return -1;
      k = end;
    } else if (char === '[') depth += 1;
    else if (char === ']') {
      depth -= 1;
      if (depth === 0) return k;
    }
  }
  return -1;
}

/** The end of an emphasis run opened by `delimiter` at `from`: not after a space, not inside a code span. */
function closingDelimiter(text: string, from: number, delimiter: string): number {
  for (let k = from; k < text.length; k += 1) {
    const char = text[k];
    if (char === '\\') k += 1;
    else if (char === '`') {
      const end = text.indexOf('`', k + 1);
      if (end === -1) return -1;
      k = end;
    } else if (text.startsWith(delimiter, k) && k > from && !/\s/.test(text[k - 1] ?? '')) {
      // `*` closing must not be the start of `**`; `_` closing must end a word.
      if (delimiter === '*' && text[k + 1] === '*') {
        k += 1;
        continue;
      }
      if (delimiter === '_' && WORD.test(text[k + 1] ?? '')) continue;
      return k;
    }
  }
  return -1;
}

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let buffer = '';
  const flush = () => {
    if (buffer) out.push({ kind: 'text', text: buffer });
    buffer = '';
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i] ?? '';
    if (char === '\\' && PUNCTUATION.test(text[i + 1] ?? '')) {
      buffer += text[i + 1];
      i += 2;
      continue;
    }
    if (char === '`') {
      let run = 1;
      while (text[i + run] === '`') run += 1;
      const ticks = '`'.repeat(run);
      let end = text.indexOf(ticks, i + run);
      while (end !== -1 && text[end + run] === '`') end = text.indexOf(ticks, end + run + 1);
      if (end !== -1) {
        flush();
        const code = text.slice(i + run, end);
        const padded = code.length > 1 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '';
        out.push({ kind: 'code', text: padded ? code.slice(1, -1) : code });
        i = end + run;
        continue;
      }
      buffer += ticks;
      i += run;
      continue;
    }
    if (char === '[') {
      const close = closingBracket(text, i);
      const link = close === -1 ? null : /^\(\s*<?([^\s()<>]+)>?\s*\)/.exec(text.slice(close + 1));
      if (link) {
        flush();
        const children = parseInline(text.slice(i + 1, close));
        const href = safeHref(link[1] ?? '');
        if (href) out.push({ kind: 'link', href, children });
        else out.push(...children);
        i = close + 1 + link[0].length;
        continue;
      }
    }
    if ((char === '*' || char === '_') && !/\s/.test(text[i + (text[i + 1] === char ? 2 : 1)] ?? ' ')) {
      const strong = text[i + 1] === char;
      const delimiter = strong ? char + char : char;
      const opensWord = char === '*' || !WORD.test(text[i - 1] ?? '');
      const end = opensWord ? closingDelimiter(text, i + delimiter.length, delimiter) : -1;
      if (end !== -1) {
        flush();
        const children = parseInline(text.slice(i + delimiter.length, end));
        out.push(strong ? { kind: 'strong', children } : { kind: 'em', children });
        i = end + delimiter.length;
        continue;
      }
    }
    buffer += char;
    i += 1;
  }
  flush();
  return out;
}
