/**
 * Where the API lives when VITE_API_URL is not set at build time. Plain data: the browser's client
 * (client.ts) and the build's Content-Security-Policy (scripts/vite/csp.ts, `connect-src`) both read it.
 */
export const DEFAULT_API_URL = 'http://localhost:4000';
