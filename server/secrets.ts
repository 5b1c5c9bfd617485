/**
 * The JWT signing secret. JWT_SECRET in production; in development, when it is unset, a random
 * secret generated once and kept in `<data dir>/jwt-secret` (mode 0600), so sessions survive a
 * restart without anyone having to configure anything.
 */
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { JWT_SECRET_MIN_LENGTH } from './config.ts';

export const DEV_SECRET_FILE = 'jwt-secret';

export function resolveJwtSecret(jwtSecret: string | null, dataDir: string): { secret: string; source: string } {
  if (jwtSecret !== null) return { secret: jwtSecret, source: 'JWT_SECRET' };
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, DEV_SECRET_FILE);
  try {
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // Tighten a file someone loosened; on file systems without modes this is harmless.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < JWT_SECRET_MIN_LENGTH) {
    throw new Error(`${file} holds a secret shorter than ${JWT_SECRET_MIN_LENGTH} characters; delete it to get a new one.`);
  }
  return { secret, source: file };
}
