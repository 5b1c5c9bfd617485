import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { DEFAULT_API_URL } from '../../src/api/common/apiUrl.ts';

/** Where the policy and the other response headers are written, in the format Netlify and Cloudflare Pages read. */
export const HEADERS_FILE = '_headers';

/** Every HTML file under `dir`, as paths relative to it. */
function htmlFiles(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(path, base);
    return entry.name.endsWith('.html') ? [relative(base, path)] : [];
  });
}

/**
 * The sha256 source expressions of the inline scripts in `html` ('sha256-…'). Throws on inline
 * event handler attributes (onclick=…) and javascript: URLs: no hash can allow those without
 * 'unsafe-hashes', and the policy has none.
 */
export function inlineScriptHashes(html: string, file: string): string[] {
  const hashes: string[] = [];
  for (const [, attrs = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    // Every inline script, whatever its type: classic and module scripts, and import maps and
    // speculation rules, which script-src governs too (a data block's hash only lets that same text run).
    if (/\ssrc\s*=/i.test(attrs)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  const handler = /<[a-z][^>]*\son[a-z]+\s*=|\b(?:href|src|action)\s*=\s*"\s*javascript:/i.exec(html);
  if (handler) throw new Error(`csp: ${file} has an inline event handler or a javascript: URL (${handler[0].slice(0, 80)}); use a script`);
  return hashes;
}

/** The API's origin for connect-src: VITE_API_URL as the app reads it (src/api/common/client.ts), or 'self' when it is a path. */
export function apiOrigin(apiUrl: string | undefined): string {
  const url = apiUrl || DEFAULT_API_URL;
  return /^https?:\/\//i.test(url) ? new URL(url).origin : "'self'";
}

/**
 * The Content-Security-Policy of the web app.
 * - Scripts: our own files ('self'), and each inline script by its hash (the prerendered pages'
 *   boot code, the colour-mode script in <head>): no 'unsafe-inline', no 'unsafe-eval'.
 * - Styles: 'self' plus 'unsafe-inline'. Emotion (under Chakra) creates <style> elements in the
 *   browser as components render, and React writes style attributes; their content is only known
 *   at run time. A nonce would need a fresh value in every response, which a static file on a CDN
 *   cannot have (a fixed nonce is no protection), and a hash list cannot cover rules made at run
 *   time (with any hash present, browsers ignore 'unsafe-inline'). So inline styles stay allowed;
 *   injected CSS cannot run code or make requests outside img-src, font-src and connect-src.
 * - connect-src: the API only (VITE_API_URL); nothing else is fetched by script.
 * - worker-src: our own files only: the service worker that shows push reminders (public/sw.js).
 * - Nothing may frame the app, change its base URL, embed plugins or submit a form natively (forms
 *   are handled by script; the prerendered pages block native submission before the app runs).
 */
export function contentSecurityPolicy({ scriptHashes, connect }: { scriptHashes: string[]; connect: string }): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...scriptHashes],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'"],
    ['font-src', "'self'"],
    ['connect-src', connect],
    ['manifest-src', "'self'"],
    ['worker-src', "'self'"],
    ['frame-src', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'none'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** The response headers of every file of the web app, beside the policy. */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // For browsers without frame-ancestors.
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    // Ignored over plain HTTP (npm start on localhost); a CDN serving HTTPS pins it for a year.
    'Strict-Transport-Security': 'max-age=31536000',
  };
}

/**
 * After the build, hashes every inline script of every HTML file written (whatever wrote them: the
 * prerender, index.html's plugins) and writes `_headers`: the policy and the security headers for
 * every path, as Netlify and Cloudflare Pages read it; scripts/serve.mjs sends the same file.
 * It runs in closeBundle, last, so it sees the HTML as served.
 */
export function csp(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'pathforge:csp',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        // (Nothing written, nothing to finish: the first pass of scripts/vite/chunks.ts.)
        if (config.command !== 'build' || config.build.ssr || !config.build.write) return;
        const outDir = resolve(config.root, config.build.outDir);
        const hashes = new Set<string>();
        for (const file of htmlFiles(outDir)) {
          for (const hash of inlineScriptHashes(readFileSync(join(outDir, file), 'utf8'), file)) hashes.add(hash);
        }
        const policy = contentSecurityPolicy({ scriptHashes: [...hashes].sort(), connect: apiOrigin(config.env.VITE_API_URL as string | undefined) });
        const headers = Object.entries(securityHeaders(policy)).map(([name, value]) => `  ${name}: ${value}`);
        writeFileSync(join(outDir, HEADERS_FILE), `# Written by scripts/vite/csp.ts at build time: every response's headers.\n/*\n${headers.join('\n')}\n`);
      },
    },
  };
}
