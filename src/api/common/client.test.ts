// @vitest-environment node
// (jsdom enforces CORS on XHR; the API contract is what is tested here, in Node with axios's http adapter.)
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { AxiosError, AxiosHeaders } from 'axios';
import { API_URL, REQUEST_TIMEOUT_MS, api, apiErrorMessage, messages, setSessionEndedHandler } from './client';
import { useSession } from '../../stores/session';
import { PASSWORD_REFUSED } from '../../domain/auth';

const user = { id: 'u_1', username: 'ada', email: 'ada@example.com', createdAt: '2026-01-15T09:00:00.000Z' };
const server = setupServer();
const url = (path: string) => `${API_URL}${path}`;

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => useSession.getState().logout());

describe('the API client', () => {
  it('talks JSON to VITE_API_URL (default http://localhost:4000) with cookies and a 10 s timeout', () => {
    expect(API_URL).toBe('http://localhost:4000');
    expect(api.defaults.baseURL).toBe(API_URL);
    expect(api.defaults.withCredentials).toBe(true);
    expect(api.defaults.timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(10_000);
    expect(api.defaults.headers['Content-Type']).toBe('application/json');
  });

  it('sends the bearer token when the session holds one, and none otherwise', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get(url('/auth/me'), ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json({ user });
      }),
    );
    await api.get('/auth/me');
    useSession.getState().signedIn(user, 'access-1');
    await api.get('/auth/me');
    expect(seen).toEqual([null, 'Bearer access-1']);
  });

  it('refreshes an expired access token once and retries the call', async () => {
    useSession.getState().signedIn(user, 'expired');
    let refreshes = 0;
    server.use(
      http.get(url('/auth/me'), ({ request }) =>
        request.headers.get('authorization') === 'Bearer fresh' ? HttpResponse.json({ user }) : HttpResponse.json({ message: 'Unauthorized' }, { status: 401 }),
      ),
      http.post(url('/auth/refresh'), () => {
        refreshes += 1;
        return HttpResponse.json({ token: 'fresh' });
      }),
    );
    // Two calls fail at once: they share one refresh.
    const [a, b] = await Promise.all([api.get('/auth/me'), api.get('/auth/me')]);
    expect(a.data.user).toEqual(user);
    expect(b.data.user).toEqual(user);
    expect(refreshes).toBe(1);
    expect(useSession.getState().token).toBe('fresh');
  });

  it('signs the learner out and says so when the refresh fails', async () => {
    const ended = vi.fn();
    setSessionEndedHandler(ended);
    useSession.getState().signedIn(user, 'expired');
    server.use(
      http.get(url('/auth/me'), () => HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })),
      http.post(url('/auth/refresh'), () => HttpResponse.json({ message: 'Session expired' }, { status: 401 })),
    );
    await expect(api.get('/auth/me')).rejects.toMatchObject({ response: { status: 401 } });
    expect(useSession.getState().user).toBeNull();
    expect(ended).toHaveBeenCalledOnce();
  });

  it('does not try to refresh when the sign-in itself is refused', async () => {
    let refreshes = 0;
    server.use(
      http.post(url('/auth/login'), () => HttpResponse.json({ message: 'Invalid email or password' }, { status: 401 })),
      http.post(url('/auth/refresh'), () => {
        refreshes += 1;
        return HttpResponse.json({ token: 'x' });
      }),
    );
    const error = await api.post('/auth/login', { email: 'a@b.co', password: 'secret1' }).catch((e: unknown) => e);
    expect(apiErrorMessage(error)).toBe('Invalid email or password');
    expect(refreshes).toBe(0);
  });

  it('does not refresh and retry (a second guess) when a current password is refused', async () => {
    let refreshes = 0;
    let tries = 0;
    useSession.getState().signedIn(user, 'fine');
    server.use(
      http.post(url('/account/identities/github'), () => {
        tries += 1;
        return HttpResponse.json({ message: PASSWORD_REFUSED }, { status: 401 });
      }),
      http.post(url('/auth/refresh'), () => {
        refreshes += 1;
        return HttpResponse.json({ token: 'x' });
      }),
    );
    const error = await api.post('/account/identities/github', { password: 'not-it' }).catch((e: unknown) => e);
    expect(apiErrorMessage(error)).toBe(PASSWORD_REFUSED);
    expect([tries, refreshes]).toEqual([1, 0]);
    expect(useSession.getState().token).toBe('fine');
  });
});

describe('apiErrorMessage', () => {
  const failed = (status: number, data: unknown) =>
    new AxiosError('failed', 'ERR_BAD_REQUEST', undefined, undefined, {
      status,
      data,
      statusText: '',
      headers: {},
      config: { headers: new AxiosHeaders() },
    });

  it('shows the server message as it is', () => {
    expect(apiErrorMessage(failed(409, { message: 'An account with this email already exists' }))).toBe('An account with this email already exists');
  });
  it('joins a list of server messages with commas', () => {
    expect(apiErrorMessage(failed(400, { message: ['Username is too short', 'Password is too common'] }))).toBe('Username is too short, Password is too common');
  });
  it('falls back to a plain sentence when the body has no message', () => {
    expect(apiErrorMessage(failed(500, '<html>Bad gateway</html>'))).toBe(messages.unexpected);
    expect(apiErrorMessage(failed(400, { message: [] }))).toBe(messages.unexpected);
    expect(apiErrorMessage(new Error('boom'))).toBe(messages.unexpected);
  });
  it('says the service cannot be reached on a network error', async () => {
    server.use(http.get(url('/health'), () => HttpResponse.error()));
    const error = await api.get('/health').catch((e: unknown) => e);
    expect(apiErrorMessage(error)).toBe(messages.unreachable);
  });
  it('says the service cannot be reached on a timeout', async () => {
    server.use(
      http.get(url('/slow'), async () => {
        await delay(200);
        return HttpResponse.json({});
      }),
    );
    const error = await api.get('/slow', { timeout: 50 }).catch((e: unknown) => e);
    expect(apiErrorMessage(error)).toBe(messages.unreachable);
  });
});
