import type { PageMeta } from './pageMeta';

export { PAGE_META } from './pageMeta';

function setHeadTag(selector: string, tag: 'meta' | 'link', attributes: Record<string, string>) {
  let element = document.head.querySelector(selector);
  if (!element) element = document.head.appendChild(document.createElement(tag));
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
}

/**
 * Makes the document's title, description and canonical link those of the page at `pathname`
 * (loaded with the first page, not in the entry: see page() in router.tsx). The canonical link
 * keeps the origin the build wrote (scripts/vite/head.ts), else takes this one.
 */
export function applyHead(title: string, { description }: PageMeta, pathname: string) {
  document.title = title;
  setHeadTag('meta[name="description"]', 'meta', { name: 'description', content: description });
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  const origin = canonical ? new URL(canonical.href).origin : location.origin;
  setHeadTag('link[rel="canonical"]', 'link', { rel: 'canonical', href: origin + pathname });
}
