/**
 * The landing page's product copy. Static marketing content, not sample data:
 * it ships with the page as written here. This file holds what the top bar and its menu show (they
 * hydrate with the page); the copy of the sections below is in ./sections.content.ts, loaded with
 * them (see ./parts/sections.ts).
 */

/** The in-page sections the top bar links to, by the ids the product gives them. */
export type SectionId = 'howItWork' | 'features' | 'benefits' | 'pricing' | 'faqs';

export type NavLink = { label: string; /** '' is the top of the page (Home). */ id: SectionId | '' };

/** The top bar's links, in order. */
export const navLinks: readonly NavLink[] = [
  { label: 'Home', id: '' },
  { label: 'How It Work', id: 'howItWork' },
  { label: 'Features', id: 'features' },
  { label: 'Benefits', id: 'benefits' },
  { label: 'Pricing', id: 'pricing' },
  { label: 'FAQs', id: 'faqs' },
];

/** The mobile menu has no How It Work entry. */
export const mobileNavLinks: readonly NavLink[] = navLinks.filter((link) => link.id !== 'howItWork');
