import { Box } from '@chakra-ui/react';
import { Global } from '@emotion/react';
import { deferred } from '../../delivery/deferred';
import { TopBar } from './parts/TopBar';
import { useSectionNav } from './parts/useSectionNav';

// The top bar and its menu hydrate with the page; the sections below it on the visitor's first
// interaction (see deferred): a click on an FAQ before then is kept and answered once they have.
const section = deferred(() => import('./parts/sections'));
const Hero = section('Hero');
const HowItWorks = section('HowItWorks');
const Features = section('Features');
const Benefits = section('Benefits');
const Audience = section('Audience');
const Overview = section('Overview');
const Pricing = section('Pricing');
const Faq = section('Faq');
const CallToAction = section('CallToAction');
const Footer = section('Footer');

export type LandingScreenProps = {
  /** Picks the top bar's button: Dashboard (/app/dashboard) when signed in, Sign In (/login) otherwise. */
  isSignedIn: boolean;
};

/**
 * In-page anchors glide, unless the visitor asked for less motion. A global style of emotion's
 * (Chakra's styling engine), so it goes into <head> (prerendered there too) and leaves with the page;
 * a plain <style> here would sit in <body>, where a rule for `html` is invalid HTML.
 */
const smoothScrolling = { '@media (prefers-reduced-motion: no-preference)': { html: { scrollBehavior: 'smooth' } } } as const;

/** `/`: the public landing page. Its copy lives in ./content.ts. */
export function LandingScreen({ isSignedIn }: LandingScreenProps) {
  const { goTo, anchorClick } = useSectionNav();
  return (
    <Box bg="page" minH="100dvh">
      <Global styles={smoothScrolling} />
      <TopBar isSignedIn={isSignedIn} anchorClick={anchorClick} goTo={goTo} />
      <Box as="main">
        <Hero anchorClick={anchorClick} />
        <HowItWorks />
        <Features />
        <Benefits />
        <Audience />
        <Overview />
        <Pricing />
        <Faq />
        <CallToAction />
      </Box>
      <Footer anchorClick={anchorClick} />
    </Box>
  );
}
