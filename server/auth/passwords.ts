/**
 * Password hashing: argon2id via @node-rs/argon2, computed on libuv's thread pool so the event
 * loop stays free. Production cost is fixed at m=19456 KiB, t=2, p=1 (OWASP's minimum for
 * argon2id); only the test suite
 * passes a lower cost (through ServerConfig.argon2), to keep it fast.
 */
import { randomBytes } from 'node:crypto';
import { hash, parseOptions, verify, type Algorithm } from '@node-rs/argon2';
import type { Argon2Cost } from '../config.ts';

/** `Algorithm.Argon2id` (an ambient const enum, which isolated modules cannot reference). */
const ARGON2ID = 2 as Algorithm;

export type PasswordHasher = {
  hash(password: string): Promise<string>;
  /** False on mismatch and on a malformed stored hash; never throws. */
  verify(passwordHash: string, password: string): Promise<boolean>;
  /**
   * Spends the same time as a real verification, for sign-ins whose email matches no account,
   * so that the response time does not tell whether an account exists.
   */
  verifyDummy(password: string): Promise<false>;
  /** True when a stored hash was made with other parameters than the current ones. */
  needsRehash(passwordHash: string): boolean;
};

export async function createPasswordHasher(cost: Argon2Cost): Promise<PasswordHasher> {
  const options = { ...cost, algorithm: ARGON2ID };
  const dummyHash = await hash(randomBytes(24).toString('base64url'), options);

  const safeVerify = async (passwordHash: string, password: string) => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  };

  return {
    hash: (password) => hash(password, options),
    verify: safeVerify,
    async verifyDummy(password) {
      await safeVerify(dummyHash, password);
      return false;
    },
    needsRehash(passwordHash) {
      try {
        const parsed = parseOptions(passwordHash);
        return (
          parsed.algorithm !== ARGON2ID || parsed.memoryCost !== cost.memoryCost || parsed.timeCost !== cost.timeCost || parsed.parallelism !== cost.parallelism
        );
      } catch {
        return false;
      }
    },
  };
}
