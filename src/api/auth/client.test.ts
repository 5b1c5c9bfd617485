// @vitest-environment node
// (jsdom enforces CORS on XHR; the calls are what is tested here, in Node with axios's http adapter.)
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { authDownHandlers, authHandlers, registerRejectedHandlers, samplePassword, sampleToken } from '../../fixtures/msw/auth';
import { sampleUser } from '../../fixtures/user';
import { useSession } from '../../stores/session';
import { messages } from '../common/client';
import { authMutations } from './client';
import { authApiMessages } from '../../domain/auth';

const notify = vi.hoisted(() => vi.fn());
vi.mock('../../components/ui/toaster', () => ({ notify }));

const server = setupServer(...authHandlers);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  useSession.getState().logout();
  useSession.setState({ registrationPending: false, pendingEmail: null });
  notify.mockClear();
});

/** Runs a mutation the way useMutation does, and settles whether it succeeds or fails. */
async function run<TData, TVariables>(
  options: ReturnType<typeof authMutations.login> | ReturnType<typeof authMutations.register> | ReturnType<typeof authMutations.logout>,
  variables: TVariables,
): Promise<TData | undefined> {
  const observer = new MutationObserver(new QueryClient(), options as never);
  return (observer.mutate(variables as never) as Promise<TData>).catch(() => undefined);
}

describe('signing in', () => {
  it('stores the user and token from the response and says so', async () => {
    await run(authMutations.login(), { email: sampleUser.email, password: samplePassword });
    expect(useSession.getState()).toMatchObject({ user: sampleUser, token: sampleToken });
    expect(notify).toHaveBeenCalledWith('success', authApiMessages.loggedIn);
  });

  it('shows the server’s message on wrong credentials and stays signed out', async () => {
    await run(authMutations.login(), { email: sampleUser.email, password: 'wrong-password' });
    expect(useSession.getState().token).toBeNull();
    expect(notify).toHaveBeenCalledWith('error', 'Invalid email or password');
  });

  it('refuses an answer of another shape than the server’s schema: no session, a plain error', async () => {
    server.use(http.post('*/auth/login', () => HttpResponse.json({ token: sampleToken })));
    await run(authMutations.login(), { email: sampleUser.email, password: samplePassword });
    expect(useSession.getState().token).toBeNull();
    expect(notify).toHaveBeenCalledWith('error', messages.unexpected);
  });

  it('says the service cannot be reached when the API is down', async () => {
    server.use(...authDownHandlers);
    await run(authMutations.login(), { email: sampleUser.email, password: samplePassword });
    expect(notify).toHaveBeenCalledWith('error', messages.unreachable);
    expect(useSession.getState().user).toBeNull();
  });
});

describe('registering', () => {
  it('sets the registration-pending flag, remembers the email and says the account was created', async () => {
    await run(authMutations.register(), { username: 'Grace', email: ' grace@example.com ', password: 'long-enough' });
    expect(useSession.getState()).toMatchObject({ registrationPending: true, pendingEmail: 'grace@example.com', user: null });
    expect(notify).toHaveBeenCalledWith('success', authApiMessages.registered);
  });

  it('shows the server’s message for an email already registered', async () => {
    await run(authMutations.register(), { username: 'Ada', email: sampleUser.email, password: 'long-enough' });
    expect(notify).toHaveBeenCalledWith('error', 'An account with this email already exists');
    expect(useSession.getState().registrationPending).toBe(false);
  });

  it('joins a list of server messages with commas', async () => {
    server.use(...registerRejectedHandlers);
    await run(authMutations.register(), { username: 'A', email: 'a@example.com', password: 'password' });
    expect(notify).toHaveBeenCalledWith('error', 'Username must be between 2 and 50 characters., This password is too common. Choose one that is harder to guess.');
  });
});

describe('signing out', () => {
  it('clears the session even when the API is down', async () => {
    useSession.getState().signedIn(sampleUser, sampleToken);
    server.use(...authDownHandlers);
    await run(authMutations.logout(), undefined);
    expect(useSession.getState()).toMatchObject({ user: null, token: null, isLoading: false, error: null });
  });
});
