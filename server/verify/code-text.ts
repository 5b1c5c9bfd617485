/**
 * Where a text may count in a file written in a language PathForge parses: a `repo` `contains`
 * check on a stylesheet, a script or an HTML page reads the file with a real parser for its
 * language, so a text that appears only in a comment (`/* var(--accent) *\/`) or only inside a
 * string (`content: "var(--x)"`) does not count as code. Parsers: css-tree (CSS), acorn with
 * acorn-jsx (JavaScript, JSX included), parse5 (HTML, whose inline `<style>` and `<script>` are
 * read as CSS and JavaScript too). Other files (Markdown, YAML, JSON, Dockerfiles…) are plain text.
 */
import { Parser, tokTypes, type Token } from 'acorn';
import jsx from 'acorn-jsx';
import { parse as parseCss, walk as walkCss } from 'css-tree';
import { parse as parseHtml, type DefaultTreeAdapterMap } from 'parse5';

import type { CodeLanguage } from '../../src/domain/verification.ts';

/** [start, end) offsets into the file. */
type Range = [number, number];

/** What the parser found: comments and string literals (each with its quotes), by place. */
export type CodeParts = { comments: Range[]; strings: Range[] };

/** Thrown when the file is not valid in its language: the learner's file needs fixing. */
export class NotParsed extends Error {
  override name = 'NotParsed';
}

const JsParser = Parser.extend(jsx());

function cssParts(text: string, offset = 0): CodeParts {
  const comments: Range[] = [];
  const strings: Range[] = [];
  const ast = parseCss(text, {
    positions: true,
    onComment: (_value, loc) => comments.push([offset + loc.start.offset, offset + loc.end.offset]),
  });
  walkCss(ast, (node) => {
    if (node.type === 'String' && node.loc) strings.push([offset + node.loc.start.offset, offset + node.loc.end.offset]);
  });
  return { comments, strings };
}

function javascriptParts(text: string, offset = 0): CodeParts {
  const attempt = (sourceType: 'module' | 'script'): CodeParts => {
    const comments: Range[] = [];
    const strings: Range[] = [];
    JsParser.parse(text, {
      ecmaVersion: 'latest',
      sourceType,
      allowHashBang: true,
      allowReturnOutsideFunction: sourceType === 'script',
      onComment: (_block, _text, start, end) => comments.push([offset + start, offset + end]),
      onToken: (token: Token) => {
        // A template's text between `${…}` is a string too; JSX text and attribute values are strings.
        const label = token.type.label;
        if (token.type === tokTypes.string || token.type === tokTypes.template || label === 'jsxText') strings.push([offset + token.start, offset + token.end]);
      },
    });
    return { comments, strings };
  };
  try {
    return attempt('module');
  } catch {
    try {
      return attempt('script');
    } catch (error) {
      throw new NotParsed(error instanceof Error ? error.message : String(error));
    }
  }
}

type HtmlNode = DefaultTreeAdapterMap['node'];

function htmlParts(text: string): CodeParts {
  const parts: CodeParts = { comments: [], strings: [] };
  const document = parseHtml(text, { sourceCodeLocationInfo: true });
  const visit = (node: HtmlNode) => {
    if (node.nodeName === '#comment' && 'sourceCodeLocation' in node && node.sourceCodeLocation) {
      parts.comments.push([node.sourceCodeLocation.startOffset, node.sourceCodeLocation.endOffset]);
    }
    if ((node.nodeName === 'style' || node.nodeName === 'script') && 'childNodes' in node) {
      const inner = node.childNodes[0];
      const type = 'attrs' in node ? (node.attrs.find((a) => a.name === 'type')?.value ?? '').toLowerCase() : '';
      const script = node.nodeName === 'script' && (type === '' || type === 'module' || type.includes('javascript'));
      if (inner && inner.nodeName === '#text' && inner.sourceCodeLocation && (node.nodeName === 'style' || script)) {
        const { startOffset, endOffset } = inner.sourceCodeLocation;
        const found =
          node.nodeName === 'style' ? cssParts(text.slice(startOffset, endOffset), startOffset) : javascriptParts(text.slice(startOffset, endOffset), startOffset);
        parts.comments.push(...found.comments);
        parts.strings.push(...found.strings);
      }
    }
    const children = node.nodeName === 'template' && 'content' in node ? node.content.childNodes : 'childNodes' in node ? node.childNodes : [];
    for (const child of children) visit(child);
  };
  visit(document);
  return parts;
}

/** The comments and strings of a file in its language. Throws NotParsed when it is not valid JavaScript. */
export function codeParts(text: string, language: CodeLanguage): CodeParts {
  switch (language) {
    case 'css':
      return cssParts(text);
    case 'javascript':
      return javascriptParts(text);
    case 'html':
      return htmlParts(text);
  }
}

/** The text with the ranges blanked (line breaks kept, so places and lines stay the same). */
function blanked(text: string, ranges: readonly Range[]): string {
  // The parsers' offsets count UTF-16 code units, as split('') does.
  const units = text.split('');
  for (const [start, end] of ranges) for (let i = start; i < end && i < units.length; i += 1) if (units[i] !== '\n') units[i] = ' ';
  return units.join('');
}

/**
 * Where `needle` occurs in the file's code (outside comments and strings), or, with `inString`,
 * inside one string literal; -1 when it does not.
 */
export function indexInCode(text: string, needle: string, parts: CodeParts, inString = false): number {
  if (!inString) return blanked(text, [...parts.comments, ...parts.strings]).indexOf(needle);
  for (const [start, end] of [...parts.strings].sort((a, b) => a[0] - b[0])) {
    const at = text.slice(start, end).indexOf(needle);
    if (at !== -1) return start + at;
  }
  return -1;
}

/** Where `needle` occurs only in a comment (or, outside `inString`, a string): to say why it did not count. */
export function indexInComment(text: string, needle: string, parts: CodeParts): number {
  for (const [start, end] of [...parts.comments].sort((a, b) => a[0] - b[0])) {
    const at = text.slice(start, end).indexOf(needle);
    if (at !== -1) return start + at;
  }
  return -1;
}
