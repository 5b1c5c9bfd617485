import type { MouseEvent } from 'react';
import { Box, Container, HStack, Link } from '@chakra-ui/react';
import { navLinks } from '../content';
import { AccountButton } from './AccountButton';
import { HomeLogoLink } from './HomeLogoLink';
import { MobileMenu } from './MobileMenu';
import { hrefOf } from './useSectionNav';

export type TopBarProps = {
  isSignedIn: boolean;
  /** onClick for an in-page anchor to the section `id` ('' is the top). */
  anchorClick(id: string): (event: MouseEvent<HTMLAnchorElement>) => void;
  /** Scrolls to a section (the mobile menu calls it as it closes). */
  goTo(id: string): void;
};

/** Height of the fixed bar; sections keep their heading clear of it (see Section's scroll margin). */
export const TOP_BAR_HEIGHT = '4rem';

/**
 * The landing page's fixed top bar: logo, in-page links, and Sign In / Dashboard.
 * Below `md` (768 px) the links move into the mobile menu, whose panel hangs from the
 * Container (relative, the bar's full width there) right under the bar.
 */
export function TopBar({ isSignedIn, anchorClick, goTo }: TopBarProps) {
  return (
    <Box
      as="header"
      position="fixed"
      top="0"
      insetX="0"
      zIndex="sticky"
      h={TOP_BAR_HEIGHT}
      bg="page/90"
      backdropFilter="saturate(180%) blur(12px)"
      borderBottomWidth="1px"
      borderColor="border"
    >
      <Container position="relative" maxW="7xl" h="full" px={{ base: '4', md: '6', lg: '8' }}>
        <HStack h="full" justify="space-between" gap="6">
          <HomeLogoLink />
          <Box as="nav" aria-label="Main" display={{ base: 'none', md: 'block' }}>
            <HStack as="ul" listStyleType="none" gap={{ md: '1', lg: '2' }}>
              {navLinks.map(({ label, id }) => (
                <li key={label}>
                  <Link
                    href={hrefOf(id)}
                    onClick={anchorClick(id)}
                    display="block"
                    px={{ md: '2', lg: '3' }}
                    py="2"
                    rounded="md"
                    fontSize="sm"
                    fontWeight="medium"
                    color="fg.muted"
                    whiteSpace="nowrap"
                    _hover={{ color: 'fg', bg: 'bg.muted', textDecoration: 'none' }}
                  >
                    {label}
                  </Link>
                </li>
              ))}
            </HStack>
          </Box>
          <HStack gap="2">
            <AccountButton isSignedIn={isSignedIn} />
            <MobileMenu isSignedIn={isSignedIn} goTo={goTo} />
          </HStack>
        </HStack>
      </Container>
    </Box>
  );
}
