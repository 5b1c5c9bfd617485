// ioredis-mock ships no types; it mirrors ioredis's client (the part the rate-limit store uses).
declare module 'ioredis-mock' {
  import type { Redis } from 'ioredis';

  const RedisMock: typeof Redis;
  export default RedisMock;
}
