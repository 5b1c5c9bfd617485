/**
 * The landing page's sections below the top bar: text, images, links, and the FAQs' accordion. Their
 * code (and their copy, ../sections.content.ts) is one chunk that LandingScreen loads through
 * `deferred` (src/delivery/deferred.tsx): not with the page's start-up, but on the visitor's
 * first interaction, when the prerendered HTML is hydrated in place.
 */
export { Audience } from './Audience';
export { Benefits } from './Benefits';
export { CallToAction } from './CallToAction';
export { Faq } from './Faq';
export { Features } from './Features';
export { Footer } from './Footer';
export { Hero } from './Hero';
export { HowItWorks } from './HowItWorks';
export { Overview } from './Overview';
export { Pricing } from './Pricing';
