import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PNG } from 'pngjs';
import type { Plugin, ResolvedConfig } from 'vite';
import { PAGE_META, SITE_NAME, type PageMeta } from '../../src/app/pageMeta.ts';
import { writeCompressedCopies } from './compress.ts';

/**
 * The share image of the public pages (Open Graph, Twitter): the top of the landing page's committed
 * story baseline (its hero, as a visitor sees it in light mode), cut to 1200 × 630 at build time, the
 * size Open Graph and Twitter's large card show. A changed landing page changes it with its baseline.
 */
export const SHARE_IMAGE = {
  source: 'src/screens/Landing/__screenshots__/LandingScreen.stories.tsx/Visitor-light-chromium-linux.png',
  target: 'images/share.png',
  width: 1200,
  height: 630,
  alt: 'The PathForge landing page: learn software development by building real projects.',
} as const;

/** The web app's public origin, for absolute URLs (canonical, og:url, og:image): WEB_ORIGIN's first entry, as the API reads it. */
export const siteOrigin = (env: NodeJS.ProcessEnv = process.env): string => new URL((env.WEB_ORIGIN ?? '').split(',')[0]?.trim() || 'http://localhost:5173').origin;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** '/' → index.html, '/login' → login/index.html (where scripts/vite/prerender.ts writes a page). */
const htmlFileOf = (path: string) => (path === '/' ? 'index.html' : `${path.replace(/^\/+|\/+$/g, '')}/index.html`);

/** The <head> tags of one public page: title, description, canonical link, Open Graph and Twitter card. */
export function headTags(path: string, meta: PageMeta, origin: string): string {
  const url = new URL(path, origin).href;
  const image = new URL(`/${SHARE_IMAGE.target}`, origin).href;
  const tag = (kind: 'name' | 'property', key: string, value: string) => `<meta ${kind}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    tag('name', 'description', meta.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    tag('property', 'og:type', 'website'),
    tag('property', 'og:site_name', SITE_NAME),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', url),
    tag('property', 'og:image', image),
    tag('property', 'og:image:width', String(SHARE_IMAGE.width)),
    tag('property', 'og:image:height', String(SHARE_IMAGE.height)),
    tag('property', 'og:image:alt', SHARE_IMAGE.alt),
    tag('name', 'twitter:card', 'summary_large_image'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    tag('name', 'twitter:image', image),
    tag('name', 'twitter:image:alt', SHARE_IMAGE.alt),
  ].join('\n    ');
}

/** The top SHARE_IMAGE.width × height of the source baseline, as a PNG. */
export function shareImage(root: string): Buffer {
  const source = PNG.sync.read(readFileSync(join(root, SHARE_IMAGE.source)));
  const { width, height } = SHARE_IMAGE;
  if (source.width < width || source.height < height) {
    throw new Error(`head: ${SHARE_IMAGE.source} is ${source.width} × ${source.height}, smaller than the share image (${width} × ${height})`);
  }
  const image = new PNG({ width, height });
  PNG.bitblt(source, image, 0, 0, width, height, 0, 0);
  return PNG.sync.write(image);
}

/**
 * Each page its own head (src/app/pageMeta.ts), in the HTML as served, before any script:
 * - index.html (so the shell too) gets the landing page's title and description;
 * - after the build, every prerendered page (a path of PAGE_META whose HTML the prerender wrote)
 *   gets its title, description, canonical link and Open Graph / Twitter tags with the share
 *   image, and the image is cut from its baseline. In the browser, src/app/RouteMeta.tsx keeps
 *   the title, description and canonical link those of the current route.
 *
 * It runs in closeBundle, after the prerender plugin has written its pages (writeBundle).
 */
export function pageHead(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'pathforge:page-head',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: () => [
      { tag: 'title', children: PAGE_META['/'].title, injectTo: 'head' as const },
      { tag: 'meta', attrs: { name: 'description', content: PAGE_META['/'].description }, injectTo: 'head' as const },
    ],
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        // (Nothing written, nothing to finish: the first pass of scripts/vite/chunks.ts.)
        if (config.command !== 'build' || config.build.ssr || !config.build.write) return;
        const outDir = resolve(config.root, config.build.outDir);
        const origin = siteOrigin();
        for (const [path, meta] of Object.entries(PAGE_META)) {
          const file = join(outDir, htmlFileOf(path));
          if (/[:*]/.test(path) || !existsSync(file)) continue;
          const html = readFileSync(file, 'utf8');
          const head = /\s*<title>[^<]*<\/title>\s*<meta name="description" content="[^"]*"\s*\/?>/;
          if (!head.test(html)) throw new Error(`head: ${file} has no <title> followed by its description`);
          writeFileSync(
            file,
            html.replace(head, () => `\n    ${headTags(path, meta, origin)}`),
          );
          writeCompressedCopies(file);
        }
        const image = join(outDir, SHARE_IMAGE.target);
        mkdirSync(dirname(image), { recursive: true });
        writeFileSync(image, shareImage(config.root));
      },
    },
  };
}
