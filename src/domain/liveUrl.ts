/**
 * The live URL of a deployed project: where the learner's site or API runs, which the server's
 * checks open. One rule for the submit form and the API. Pure; relative imports carry `.ts`.
 */
import { verificationMessages } from './verification.ts';

/** Longer addresses are refused before they are parsed. */
export const LIVE_URL_MAX_LENGTH = 2048;

/** This machine: where development and the tests serve their fixture sites. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether `url` (the API this web app was built against) is on this machine: a development or test
 * build, whose API is not in production. The submit form then takes local http live URLs, as that
 * API does; a build against a public API keeps the strict rule.
 */
export function isLocalUrl(url: string): boolean {
  try {
    return LOOPBACK_HOSTS.has(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * Null when the value is acceptable, else the message to show. A live URL is a full `https://`
 * address with a host name that has a dot (a public name, not `localhost`), and no user name or
 * password in it. Empty is acceptable only when the project does not need one. With
 * `allowLocalHttp` (the API outside production), `http://` on this machine (localhost, 127.0.0.1)
 * is accepted too, for sites run locally and the tests' fixture sites.
 */
export function validateLiveUrl(value: string, required: boolean, { allowLocalHttp = false } = {}): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return required ? verificationMessages.liveUrlNeeded : null;
  if (trimmed.length > LIVE_URL_MAX_LENGTH || /\s/.test(trimmed)) return verificationMessages.liveUrlInvalid;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return verificationMessages.liveUrlInvalid;
  }
  const host = url.hostname;
  const local = allowLocalHttp && LOOPBACK_HOSTS.has(host);
  const named = local || (host.includes('.') && !host.startsWith('.') && !host.endsWith('.'));
  const protocolOk = url.protocol === 'https:' || (local && url.protocol === 'http:');
  if (!protocolOk || !named || url.username !== '' || url.password !== '') return verificationMessages.liveUrlInvalid;
  return null;
}
