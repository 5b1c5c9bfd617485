/**
 * All text is Inter (bundled with the app); icons are SVG. A character Inter does not cover, or an
 * element whose font is not Inter, would be drawn by whatever font the machine has, so the screenshot
 * would depend on the machine and the learner would see a mismatched glyph. This fails the story.
 */
const INTER = /^\s*['"]?Inter( Variable)?['"]?\s*(,|$)/;
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);

type Range = [number, number];

/** Storybook's own parts of the preview page (its error and no-preview panels, docs, highlights). */
const isStorybookChrome = (element: Element) =>
  element.classList.contains('sb-wrapper') || element.id === 'storybook-docs' || element.id === 'storybook-highlights-root';

/** Code points covered by the loaded Inter faces (their `unicode-range`s). */
function interRanges(): Range[] {
  const ranges: Range[] = [];
  for (const face of document.fonts) {
    if (!face.family.replace(/['"]/g, '').startsWith('Inter')) continue;
    for (const part of face.unicodeRange.split(',')) {
      const [from = '', to = from] = part.trim().replace(/^U\+/i, '').split('-');
      ranges.push([parseInt(from, 16), parseInt(to, 16)]);
    }
  }
  return ranges;
}

function visibleTexts(root: Element): { text: string; element: Element }[] {
  const out: { text: string; element: Element }[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT, {
    acceptNode: (node) => {
      if (node instanceof Element) {
        if (SKIPPED.has(node.tagName) || node instanceof SVGElement || isStorybookChrome(node)) return NodeFilter.FILTER_REJECT;
        return NodeFilter.FILTER_SKIP;
      }
      return node.textContent?.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP;
    },
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement) out.push({ text: node.textContent ?? '', element: node.parentElement });
  }
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    const text = `${field.value}${field.placeholder}`;
    if (text.trim() && field.type !== 'password' && field.type !== 'hidden') out.push({ text, element: field });
  }
  return out;
}

export function assertAllTextIsInter(root: Element): void {
  const ranges = interRanges();
  const covered = (code: number) => ranges.some(([from, to]) => code >= from && code <= to);
  const problems = new Set<string>();
  for (const { text, element } of visibleTexts(root)) {
    const family = getComputedStyle(element).fontFamily;
    if (!INTER.test(family)) problems.add(`<${element.tagName.toLowerCase()}> "${text.trim().slice(0, 40)}" is set in ${family}`);
    for (const char of text) {
      const code = char.codePointAt(0) ?? 0;
      if (/\s/.test(char) || covered(code)) continue;
      problems.add(`"${char}" (U+${code.toString(16).toUpperCase().padStart(4, '0')}) in "${text.trim().slice(0, 40)}" is not in Inter`);
    }
  }
  if (problems.size > 0) throw new Error(`Text that would fall back to a system font:\n${[...problems].join('\n')}`);
}
