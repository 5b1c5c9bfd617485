/** The benchmark seeds' accounts: learner n signs in as benchEmail(n) with BENCH_PASSWORD. */
export const BENCH_PASSWORD = 'a long bench passphrase';
export const BENCH_EMAIL = { before: 'learner', after: '@bench.pathforge.local' } as const;
export const benchEmail = (n: number) => `${BENCH_EMAIL.before}${n}${BENCH_EMAIL.after}`;
