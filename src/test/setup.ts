// Unit tests (jsdom): start every test from an empty browser storage.
import { afterEach } from 'vitest';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
