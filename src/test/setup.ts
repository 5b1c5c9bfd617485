// Unit tests: start every test from an empty browser storage (jsdom tests only).
import { afterEach } from 'vitest';

afterEach(() => {
  if (typeof window === 'undefined') return;
  window.localStorage.clear();
  window.sessionStorage.clear();
});
