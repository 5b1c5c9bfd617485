import { Box } from '@chakra-ui/react';
import { Global } from '@emotion/react';
import { Audience } from './parts/Audience';
import { Benefits } from './parts/Benefits';
import { CallToAction } from './parts/CallToAction';
import { Faq } from './parts/Faq';
import { Features } from './parts/Features';
import { Footer } from './parts/Footer';
import { Hero } from './parts/Hero';
import { HowItWorks } from './parts/HowItWorks';
import { Overview } from './parts/Overview';
import { Pricing } from './parts/Pricing';
import { TopBar } from './parts/TopBar';
import { useSectionNav } from './parts/useSectionNav';

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

/** `/` (spec §2): the public landing page. Its copy lives in ./content.ts. */
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
