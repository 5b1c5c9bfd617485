/**
 * Mailed email links are spent by the events that should end them, not only by their own use: a
 * password change (or reset) spends every change and undo link made before it, and a later email
 * change spends an older undo link. Each answer is the same "invalid or spent" sentence.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailLinkMessages } from '../../src/domain/account.ts';
import { passwordChangedResponseSchema, settingsResponseSchema } from '../../src/api/account/contract.ts';
import type { MailMessage, Mailer } from '../mail/mailer.ts';
import { bearer, createTestApp, errorMessage, newUser, postJson, signIn, type TestApp } from '../test/helpers.ts';

let t: TestApp;
const sent: MailMessage[] = [];
const mailer: Mailer = { description: 'memory', send: async (message) => void sent.push(message), close: () => {} };
beforeAll(async () => {
  t = await createTestApp({}, { mailer });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  sent.length = 0;
});

/** The token of the newest link to `page` mailed to `to`. */
async function linkTo(to: string, page: 'confirm-email' | 'undo-email-change' | 'resetPassword'): Promise<string> {
  await t.app.background.drain();
  const tokens = sent
    .filter((message) => message.to === to)
    .flatMap((message) => [...message.text.matchAll(new RegExp(`/${page}\\?token=([A-Za-z0-9_-]{43})`, 'g'))].map((m) => m[1] as string));
  expect(tokens.length, `a ${page} link mailed to ${to}`).toBeGreaterThan(0);
  return tokens.at(-1) as string;
}

const confirm = (token: string) => postJson(t.app, '/auth/confirm-email', { token });
const undo = (token: string) => postJson(t.app, '/auth/undo-email-change', { token });
const login = (email: string, password: string) => postJson(t.app, '/auth/login', { email, password });
const changeEmail = (token: string, username: string, email: string, currentPassword: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/account/profile',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: { username, email, currentPassword },
  });
const settings = async (token: string) =>
  settingsResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/account/settings', headers: bearer(token) })).json()).settings;
/** Changes the password; a password change ends every session, so it answers this browser's new token. */
async function changePassword(token: string, currentPassword: string, newPassword: string): Promise<string> {
  const response = await postJson(t.app, '/account/password', { currentPassword, newPassword }, bearer(token));
  expect(response.statusCode).toBe(200);
  return passwordChangedResponseSchema.parse(response.json()).token;
}
/** A confirmed email change ends every session: the learner signs in again with the new address. */
async function confirmAndSignIn(link: string, email: string, password: string): Promise<string> {
  expect((await confirm(link)).statusCode).toBe(200);
  const response = await login(email, password);
  expect(response.statusCode).toBe(200);
  return (response.json() as { token: string }).token;
}

describe('a password change spends older email links', () => {
  it('a change link made before it no longer moves the account, and the undo link is spent too', async () => {
    const user = newUser();
    const { token } = await signIn(t.app, user);
    const next = newUser().email;
    expect((await changeEmail(token, user.username, next, user.password)).statusCode).toBe(200);
    const change = await linkTo(next, 'confirm-email');
    const undoLink = await linkTo(user.email, 'undo-email-change');

    const fresh = await changePassword(token, user.password, 'Brand-new-pass-7');
    // Settings no longer shows the change as waiting, and sending its link again sends none.
    expect((await settings(fresh)).profile.pendingEmail).toBeNull();
    sent.length = 0;
    await t.app.inject({ method: 'POST', url: '/account/email/resend', headers: { ...bearer(fresh), 'content-type': 'application/json' }, payload: '{}' });
    await t.app.background.drain();
    expect(sent.filter((message) => message.to === next)).toEqual([]);

    const opened = await confirm(change);
    expect(opened.statusCode).toBe(400);
    expect(errorMessage(opened)).toBe(emailLinkMessages.invalid);
    expect(errorMessage(await undo(undoLink))).toBe(emailLinkMessages.invalid);
    // The account kept its address.
    expect((await login(next, 'Brand-new-pass-7')).statusCode).toBe(401);
    expect((await login(user.email, 'Brand-new-pass-7')).statusCode).toBe(200);
  });

  it('a reset spends them the same way', async () => {
    const user = newUser();
    const { token } = await signIn(t.app, user);
    const next = newUser().email;
    await changeEmail(token, user.username, next, user.password);
    const change = await linkTo(next, 'confirm-email');
    const undoLink = await linkTo(user.email, 'undo-email-change');
    await postJson(t.app, '/auth/forgot-password', { email: user.email });
    const reset = await linkTo(user.email, 'resetPassword');
    expect((await postJson(t.app, '/auth/reset-password', { token: reset, password: 'Reset-pass-1234' })).statusCode).toBe(200);
    expect(errorMessage(await confirm(change))).toBe(emailLinkMessages.invalid);
    expect(errorMessage(await undo(undoLink))).toBe(emailLinkMessages.invalid);
  });

  it('a change asked for after the password change still works', async () => {
    const user = newUser();
    const { token } = await signIn(t.app, user);
    const fresh = await changePassword(token, user.password, 'Brand-new-pass-8');
    const next = newUser().email;
    await changeEmail(fresh, user.username, next, 'Brand-new-pass-8');
    expect((await confirm(await linkTo(next, 'confirm-email'))).statusCode).toBe(200);
  });
});

describe('a later email change spends an older undo link', () => {
  it('while the first change is still waiting', async () => {
    const user = newUser();
    const { token } = await signIn(t.app, user);
    await changeEmail(token, user.username, newUser().email, user.password);
    const first = await linkTo(user.email, 'undo-email-change');
    await changeEmail(token, user.username, newUser().email, user.password);
    const second = await linkTo(user.email, 'undo-email-change');
    expect(second).not.toBe(first);
    expect(errorMessage(await undo(first))).toBe(emailLinkMessages.invalid);
    expect((await undo(second)).statusCode).toBe(200);
  });

  it('after the first change was confirmed and another made: the oldest address cannot take the account back', async () => {
    const user = newUser();
    const { token } = await signIn(t.app, user);
    const second = newUser().email;
    await changeEmail(token, user.username, second, user.password);
    const undoFirst = await linkTo(user.email, 'undo-email-change');
    const again = await confirmAndSignIn(await linkTo(second, 'confirm-email'), second, user.password);
    const third = newUser().email;
    await changeEmail(again, user.username, third, user.password);
    expect((await confirm(await linkTo(third, 'confirm-email'))).statusCode).toBe(200);

    expect(errorMessage(await undo(undoFirst))).toBe(emailLinkMessages.invalid);
    expect((await login(third, user.password)).statusCode).toBe(200);
    // The newest undo link (to the second address) still works.
    expect((await undo(await linkTo(second, 'undo-email-change'))).statusCode).toBe(200);
  });
});
