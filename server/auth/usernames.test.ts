/**
 * Learners' names through the API, on registration and on the profile: stored in NFC; names that
 * reorder or hide text (bidirectional controls, zero-width characters) or pile marks on a letter
 * are refused with a message that says why; a huge name is refused by its length at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsResponseSchema } from '../../src/api/account/contract.ts';
import { usernameMessages } from '../../src/domain/usernames.ts';
import { bearer, createTestApp, errorMessage, newUser, postJson, signIn, type TestApp } from '../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const register = (username: string) => postJson(t.app, '/auth/register', newUser({ username }));
const updateProfile = (token: string, username: string, email: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/account/profile',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: JSON.stringify({ username, email }),
  });
const profileOf = async (token: string) =>
  settingsResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/account/settings', headers: bearer(token) })).json()).settings.profile;

const refused: [string, string, string][] = [
  ['a right-to-left override', 'Ada\u202Eecalevol', usernameMessages.bidi],
  ['a left-to-right embedding', '\u202AAda Lovelace', usernameMessages.bidi],
  ['a first-strong isolate', 'Ada \u2068Lovelace\u2069', usernameMessages.bidi],
  ['a right-to-left mark', 'Ada\u200F', usernameMessages.bidi],
  ['an Arabic letter mark', 'Ada\u061CLovelace', usernameMessages.bidi],
  ['a zero-width space', 'Ada\u200BLovelace', usernameMessages.invisible],
  ['a zero-width joiner between letters', 'Ad\u200Da', usernameMessages.invisible],
  ['a zero-width non-joiner', 'Ad\u200Ca', usernameMessages.invisible],
  ['a word joiner', 'Ada\u2060', usernameMessages.invisible],
  ['a byte order mark inside the name', 'Ada\uFEFFLovelace', usernameMessages.invisible],
  ['a Hangul filler that draws nothing', 'Ada\u3164', usernameMessages.invisible],
  ['49 combining marks on one letter', `A${'\u0336'.repeat(49)}`, usernameMessages.marks],
  ['4 marks on one letter', `Ada${'\u0336\u0337\u0338\u0334'}`, usernameMessages.marks],
];

describe('registration', () => {
  it.each(refused)('refuses a name with %s, with a message that says why (400)', async (_what, username, message) => {
    const response = await register(username);
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe(message);
  });

  it('stores the name in NFC: a decomposed é and a precomposed é are one name', async () => {
    const response = await register('  Jose\u0301 Marti\u0301  ');
    expect(response.statusCode).toBe(201);
    expect((response.json() as { user: { username: string } }).user.username).toBe('Jos\u00E9 Mart\u00ED');
  });

  it('keeps names in every script, accents on letters and emoji, joined ones too', async () => {
    for (const username of ['Zoë Ångström', 'Nguyễn Thị Ánh', 'محمد علي', 'שָּׁלוֹם', 'कृष्ण मूर्ति', 'Ada 👩‍💻', '🦊'.repeat(50), 'Ada ❤️']) {
      const response = await register(username);
      expect(response.statusCode, username).toBe(201);
      expect((response.json() as { user: { username: string } }).user.username).toBe(username.normalize('NFC'));
    }
  });

  it('refuses a name of 5,000 marks by its length, at once', async () => {
    const started = performance.now();
    const response = await register(`Ada${'\u0301'.repeat(5_000)}`);
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe(usernameMessages.length);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('reports several problems at once', async () => {
    const response = await register('\u202E\u200B');
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toEqual([usernameMessages.bidi, usernameMessages.invisible]);
  });
});

describe('the profile', () => {
  it.each(refused)('refuses a name with %s and keeps the old one', async (_what, username, message) => {
    const { token, user } = await signIn(t.app);
    const response = await updateProfile(token, username, user.email);
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toBe(message);
    expect((await profileOf(token)).username).toBe(user.username);
  });

  it('stores a new name in NFC', async () => {
    const { token, user } = await signIn(t.app);
    const response = await updateProfile(token, 'Ange\u0300le  ', user.email);
    expect(response.statusCode).toBe(200);
    expect((await profileOf(token)).username).toBe('Ang\u00E8le');
  });
});
