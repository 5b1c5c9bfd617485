/**
 * Trusting an email address: registration asks to confirm it; changing it needs the password,
 * tells the old address (with a link to undo) and takes effect only when the new address opens
 * its link; the answer is the same whether or not another account has the address; reset links
 * end with a password change, a reset or an email change.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { accountMessages, emailLinkMessages } from '../../src/domain/account.ts';
import { settingsResponseSchema } from '../../src/api/account/contract.ts';
import type { MailMessage, Mailer } from '../mail/mailer.ts';
import { bearer, createTestApp, errorMessage, newUser, postJson, register, signIn, withRefresh, type TestApp } from '../test/helpers.ts';

/** Every message the app sends, kept in memory. */
function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { description: 'memory', sent, send: async (message) => void sent.push(message), close: () => {} };
}

let t: TestApp;
let mail: ReturnType<typeof memoryMailer>;
beforeAll(async () => {
  mail = memoryMailer();
  t = await createTestApp({}, { mailer: mail });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  mail.sent.length = 0;
});

const call = (app: FastifyInstance, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token: string, body?: unknown) =>
  app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

const settings = async (token: string) => settingsResponseSchema.parse((await call(t.app, 'GET', '/account/settings', token)).json()).settings;

/** The messages sent to `to` since the test began (after the background work is done). */
async function mailTo(to: string): Promise<MailMessage[]> {
  await t.app.background.drain();
  return mail.sent.filter((message) => message.to === to);
}

/** The token of the newest link to `page` mailed to `to`. */
async function linkTo(to: string, page: 'confirm-email' | 'undo-email-change' | 'resetPassword'): Promise<string> {
  const tokens = (await mailTo(to)).flatMap((message) =>
    [...message.text.matchAll(new RegExp(`/${page}\\?token=([A-Za-z0-9_-]{43})`, 'g'))].map((m) => m[1] as string),
  );
  expect(tokens.length, `a ${page} link mailed to ${to}`).toBeGreaterThan(0);
  return tokens.at(-1) as string;
}

const confirm = (token: string) => postJson(t.app, '/auth/confirm-email', { token });
const undo = (token: string) => postJson(t.app, '/auth/undo-email-change', { token });
const login = (email: string, password: string) => postJson(t.app, '/auth/login', { email, password });
const changeEmail = (token: string, username: string, email: string, currentPassword?: string) =>
  call(t.app, 'PUT', '/account/profile', token, { username, email, ...(currentPassword === undefined ? {} : { currentPassword }) });

describe('registration', () => {
  it('mails a link that confirms the address, once', async () => {
    const user = newUser();
    const { token } = await signIn(t.app, user);
    expect((await settings(token)).profile).toMatchObject({ emailConfirmed: false, pendingEmail: null });
    const link = await linkTo(user.email, 'confirm-email');

    const opened = await confirm(link);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ message: emailLinkMessages.confirmed, email: user.email });
    expect((await settings(token)).profile.emailConfirmed).toBe(true);
    expect(errorMessage(await confirm(link))).toBe(emailLinkMessages.invalid);
    expect(errorMessage(await confirm('x'.repeat(43)))).toBe(emailLinkMessages.invalid);
    expect(errorMessage(await confirm('not a token'))).toBe(emailLinkMessages.invalid);
  });

  it('sends the link again on request (the earlier one stops working), and not once confirmed', async () => {
    const user = newUser();
    const { token } = await signIn(t.app, user);
    const first = await linkTo(user.email, 'confirm-email');
    const resent = await call(t.app, 'POST', '/account/email/resend', token, {});
    expect(resent.statusCode).toBe(202);
    expect(resent.json()).toEqual({ message: emailLinkMessages.sent(user.email) });
    const second = await linkTo(user.email, 'confirm-email');
    expect(second).not.toBe(first);
    expect((await confirm(first)).statusCode).toBe(400);
    expect((await confirm(second)).statusCode).toBe(200);
    const again = await call(t.app, 'POST', '/account/email/resend', token, {});
    expect(again.statusCode).toBe(409);
    expect(errorMessage(again)).toBe(accountMessages.alreadyConfirmed);
  });

  it('a reset link opened proves the address too', async () => {
    const user = newUser();
    const { token } = await signIn(t.app, user);
    await postJson(t.app, '/auth/forgot-password', { email: user.email });
    const reset = await linkTo(user.email, 'resetPassword');
    expect((await postJson(t.app, '/auth/reset-password', { token: reset, password: 'Another-sturdy-1' })).statusCode).toBe(200);
    const again = await login(user.email, 'Another-sturdy-1');
    expect((await settings(again.json().token as string)).profile.emailConfirmed).toBe(true);
    expect((await call(t.app, 'GET', '/account/settings', token)).statusCode).toBe(401);
  });
});

describe('changing the email', () => {
  it('needs the current password; a stolen session alone cannot move the account', async () => {
    const user = newUser();
    const { token } = await signIn(t.app, user);
    const attacker = newUser().email;
    const missing = await changeEmail(token, user.username, attacker);
    expect(missing.statusCode).toBe(400);
    expect(errorMessage(missing)).toBe(accountMessages.passwordForEmail);
    const wrong = await changeEmail(token, user.username, attacker, 'not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(errorMessage(wrong)).toBe(accountMessages.wrongPassword);
    expect((await settings(token)).profile).toMatchObject({ email: user.email, pendingEmail: null });
    // A reset asked for at the attacker's address reaches no one.
    await postJson(t.app, '/auth/forgot-password', { email: attacker });
    expect(await mailTo(attacker)).toEqual([]);
    // The name alone needs no password.
    expect((await changeEmail(token, 'Ada Renamed', user.email)).statusCode).toBe(200);
  });

  it('waits for the new address to open its link; until then sign-in and resets use the old one', async () => {
    const user = newUser();
    const { token } = await signIn(t.app, user);
    const next = newUser().email;
    const asked = await changeEmail(token, user.username, ` ${next.toUpperCase()} `, user.password);
    expect(asked.statusCode).toBe(200);
    expect(settingsResponseSchema.parse(asked.json()).settings.profile).toEqual({
      username: user.username,
      email: user.email,
      emailConfirmed: false,
      pendingEmail: next,
      hasPassword: true,
    });

    // The old address hears of it, with a way to undo it.
    const notice = (await mailTo(user.email)).find((message) => message.text.includes('/undo-email-change?token='));
    expect(notice?.text).toContain(next);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    expect((await login(next, user.password)).statusCode).toBe(401);
    await postJson(t.app, '/auth/forgot-password', { email: next });
    expect((await mailTo(next)).filter((message) => message.text.includes('/resetPassword?'))).toEqual([]);
    await postJson(t.app, '/auth/forgot-password', { email: user.email });
    const oldReset = await linkTo(user.email, 'resetPassword');

    const opened = await confirm(await linkTo(next, 'confirm-email'));
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ message: emailLinkMessages.confirmed, email: next });
    // A confirmed change ends every session: signed in again, at the new address.
    expect((await call(t.app, 'GET', '/account/settings', token)).statusCode).toBe(401);
    const again = await login(next, user.password);
    expect(again.statusCode).toBe(200);
    expect((await settings(again.json().token as string)).profile).toEqual({
      username: user.username,
      email: next,
      emailConfirmed: true,
      pendingEmail: null,
      hasPassword: true,
    });
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    // The reset link mailed to the old address no longer sets a password.
    const stale = await postJson(t.app, '/auth/reset-password', { token: oldReset, password: 'Attacker-pass-9' });
    expect(stale.statusCode).toBe(400);
    expect((await login(next, user.password)).statusCode).toBe(200);
  });

  it('answers the same for an address another account has, and tells that owner instead of sending a link', async () => {
    const user = newUser();
    const { token } = await signIn(t.app, user);
    const owner = newUser();
    await register(t.app, owner);
    const free = newUser().email;
    mail.sent.length = 0;

    const taken = await changeEmail(token, user.username, owner.email, user.password);
    const takenBody = taken.json();
    const untaken = await changeEmail(token, user.username, free, user.password);
    expect(taken.statusCode).toBe(200);
    expect(untaken.statusCode).toBe(200);
    expect(takenBody.settings.profile.pendingEmail).toBe(owner.email);
    expect(JSON.stringify(takenBody).replace(owner.email, free)).toBe(untaken.body);

    const toOwner = await mailTo(owner.email);
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]?.text).not.toMatch(/token=/);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
    // The later request replaced the earlier one.
    expect((await settings(token)).profile.pendingEmail).toBe(free);
  });

  it('can be cancelled, or its link sent again', async () => {
    const user = newUser();
    const { token } = await signIn(t.app, user);
    const next = newUser().email;
    await changeEmail(token, user.username, next, user.password);
    const first = await linkTo(next, 'confirm-email');
    const resent = await call(t.app, 'POST', '/account/email/resend', token, {});
    expect(resent.json()).toEqual({ message: emailLinkMessages.sent(next) });
    const second = await linkTo(next, 'confirm-email');
    expect((await confirm(first)).statusCode).toBe(400);

    const cancelled = await call(t.app, 'DELETE', '/account/email/pending', token);
    expect(cancelled.statusCode).toBe(200);
    expect(settingsResponseSchema.parse(cancelled.json()).settings.profile).toMatchObject({ email: user.email, pendingEmail: null });
    expect(errorMessage(await confirm(second))).toBe(emailLinkMessages.invalid);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('undone from the old address: the address comes back, every session ends, every link is spent', async () => {
    const user = newUser();
    const victim = await signIn(t.app, user);
    const next = newUser().email;
    await changeEmail(victim.token, user.username, next, user.password);
    const undoLink = await linkTo(user.email, 'undo-email-change');
    const confirmLink = await linkTo(next, 'confirm-email');
    expect((await confirm(confirmLink)).statusCode).toBe(200);
    await postJson(t.app, '/auth/forgot-password', { email: next });
    const resetAtNew = await linkTo(next, 'resetPassword');

    const undone = await undo(undoLink);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ message: emailLinkMessages.undone, email: user.email });
    expect((await call(t.app, 'GET', '/auth/me', victim.token)).statusCode).toBe(401);
    expect((await postJson(t.app, '/auth/refresh', {}, withRefresh(victim.refresh))).statusCode).toBe(401);
    expect((await postJson(t.app, '/auth/reset-password', { token: resetAtNew, password: 'Attacker-pass-9' })).statusCode).toBe(400);
    expect((await login(next, user.password)).statusCode).toBe(401);
    const back = await login(user.email, user.password);
    expect(back.statusCode).toBe(200);
    expect((await settings(back.json().token as string)).profile).toEqual({
      username: user.username,
      email: user.email,
      emailConfirmed: true,
      pendingEmail: null,
      hasPassword: true,
    });
    expect((await undo(undoLink)).statusCode).toBe(400);
  });

  it('undone before it was confirmed: the waiting change is cancelled', async () => {
    const user = newUser();
    const { token } = await signIn(t.app, user);
    const next = newUser().email;
    await changeEmail(token, user.username, next, user.password);
    expect((await undo(await linkTo(user.email, 'undo-email-change'))).statusCode).toBe(200);
    expect(errorMessage(await confirm(await linkTo(next, 'confirm-email')))).toBe(emailLinkMessages.invalid);
    expect((await login(next, user.password)).statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('a confirmation link is not an undo link, nor the other way round', async () => {
    const user = newUser();
    const { token } = await signIn(t.app, user);
    const next = newUser().email;
    await changeEmail(token, user.username, next, user.password);
    expect((await undo(await linkTo(next, 'confirm-email'))).statusCode).toBe(400);
    expect((await confirm(await linkTo(user.email, 'undo-email-change'))).statusCode).toBe(400);
  });
});

describe('reset links end', () => {
  it('with a password change', async () => {
    const user = newUser();
    const { token } = await signIn(t.app, user);
    await postJson(t.app, '/auth/forgot-password', { email: user.email });
    const link = await linkTo(user.email, 'resetPassword');
    const changed = await call(t.app, 'POST', '/account/password', token, { currentPassword: user.password, newPassword: 'Brand-new-pass-1' });
    expect(changed.statusCode).toBe(200);
    const late = await postJson(t.app, '/auth/reset-password', { token: link, password: 'Attacker-pass-9' });
    expect(late.statusCode).toBe(400);
    expect((await login(user.email, 'Brand-new-pass-1')).statusCode).toBe(200);
  });

  it('with a reset, which also cancels a waiting email change', async () => {
    const user = newUser();
    const { token } = await signIn(t.app, user);
    const next = newUser().email;
    await changeEmail(token, user.username, next, user.password);
    await postJson(t.app, '/auth/forgot-password', { email: user.email });
    const reset = await linkTo(user.email, 'resetPassword');
    expect((await postJson(t.app, '/auth/reset-password', { token: reset, password: 'Another-sturdy-1' })).statusCode).toBe(200);
    expect((await confirm(await linkTo(next, 'confirm-email'))).statusCode).toBe(400);
  });
});

describe('limits', () => {
  it('the profile is rate-limited per learner', async () => {
    const limited = await createTestApp({ rateLimits: { loginPerMinutePerEmail: 2 } });
    try {
      const { token, user } = await signIn(limited.app);
      const save = () => call(limited.app, 'PUT', '/account/profile', token, { username: user.username, email: 'x@example.com', currentPassword: 'guess' });
      expect((await save()).statusCode).toBe(400);
      expect((await save()).statusCode).toBe(400);
      const third = await save();
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
