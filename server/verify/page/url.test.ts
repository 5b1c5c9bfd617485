import { describe, expect, it } from 'vitest';
import { pageUrl } from './session.ts';

describe('the page a check opens', () => {
  it('is the check’s path under the live URL, keeping its query and a single-page app’s #route', () => {
    expect(pageUrl('https://ada.github.io/shop/', '/')).toBe('https://ada.github.io/shop/');
    expect(pageUrl('https://ada.github.io/shop', '/about.html')).toBe('https://ada.github.io/shop/about.html');
    expect(pageUrl('https://ada.github.io/shop/', '/#/products/1')).toBe('https://ada.github.io/shop/#/products/1');
    expect(pageUrl('https://ada.github.io/shop/?ref=x#top', '/search?q=mug')).toBe('https://ada.github.io/shop/search?q=mug');
  });

  it('is the live URL exactly as submitted for "/", a file name included (never …/index.html/)', () => {
    expect(pageUrl('https://ada.github.io/site/index.html', '/')).toBe('https://ada.github.io/site/index.html');
    expect(pageUrl('https://ada.github.io/shop', '/')).toBe('https://ada.github.io/shop');
    expect(pageUrl('https://ada.github.io/shop/?ref=x#top', '/')).toBe('https://ada.github.io/shop/?ref=x#top');
    expect(pageUrl('https://ada.github.io/site/index.html', '/#/cart')).toBe('https://ada.github.io/site/index.html#/cart');
  });

  it('joins another path to the folder of a live URL that names a file', () => {
    expect(pageUrl('https://ada.github.io/site/index.html', '/about.html')).toBe('https://ada.github.io/site/about.html');
  });
});
