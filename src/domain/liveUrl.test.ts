import { describe, expect, it } from 'vitest';
import { isLocalUrl, LIVE_URL_MAX_LENGTH, validateLiveUrl } from './liveUrl';
import { verificationMessages } from './verification';

describe('validateLiveUrl', () => {
  it('asks for the URL only when the project is deployed', () => {
    expect(validateLiveUrl('', true)).toBe(verificationMessages.liveUrlNeeded);
    expect(validateLiveUrl('   ', true)).toBe(verificationMessages.liveUrlNeeded);
    expect(validateLiveUrl('', false)).toBeNull();
  });

  it('takes a full https address with a public host name', () => {
    expect(validateLiveUrl('https://ada.github.io/portfolio/', true)).toBeNull();
    expect(validateLiveUrl('  https://weather.example.com  ', true)).toBeNull();
    expect(validateLiveUrl('https://api.example.com:8443/v1?x=1', false)).toBeNull();
  });

  it.each([
    ['no scheme', 'ada.github.io/portfolio'],
    ['plain http', 'http://ada.github.io/portfolio/'],
    ['another scheme', 'ftp://ada.github.io/'],
    ['a host without a dot', 'https://localhost:3000/'],
    ['a user name and password', 'https://ada:secret@ada.github.io/'],
    ['spaces inside', 'https://ada.github.io/my portfolio/'],
    ['not a URL', 'https://'],
  ])('refuses %s', (_case, value) => {
    expect(validateLiveUrl(value, true)).toBe(verificationMessages.liveUrlInvalid);
    expect(validateLiveUrl(value, false)).toBe(verificationMessages.liveUrlInvalid);
  });

  it('lets the API outside production take http on this machine (local sites, the tests’ fixtures), and nothing else', () => {
    expect(validateLiveUrl('http://127.0.0.1:4020/', true, { allowLocalHttp: true })).toBeNull();
    expect(validateLiveUrl('http://localhost:3000/', true, { allowLocalHttp: true })).toBeNull();
    expect(validateLiveUrl('http://127.0.0.1:4020/', true)).toBe(verificationMessages.liveUrlInvalid);
    expect(validateLiveUrl('http://ada.github.io/', true, { allowLocalHttp: true })).toBe(verificationMessages.liveUrlInvalid);
  });

  it('knows an API on this machine (the submit form then takes local http too) from a public one', () => {
    expect(isLocalUrl('http://localhost:4000')).toBe(true);
    expect(isLocalUrl('http://127.0.0.1:4020')).toBe(true);
    expect(isLocalUrl('https://api.pathforge.dev')).toBe(false);
    expect(isLocalUrl('not a url')).toBe(false);
  });

  it('refuses an address longer than the limit before parsing it', () => {
    const long = `https://ada.github.io/${'a'.repeat(LIVE_URL_MAX_LENGTH)}`;
    expect(validateLiveUrl(long, true)).toBe(verificationMessages.liveUrlInvalid);
  });
});
