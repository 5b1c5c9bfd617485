/**
 * In the browser, zod parses without its compiled parsers. It builds them with `new Function`,
 * which the web app's Content-Security-Policy refuses (no 'unsafe-eval': scripts/vite/csp.ts), and
 * its probe for that, when the first object schema is created, is reported as a violation on every
 * page. Imported first by every module here that creates schemas, so it runs before any of them.
 * The server keeps the compiled parsers.
 */
import { z } from 'zod';

if (typeof document !== 'undefined') z.config({ jitless: true });
