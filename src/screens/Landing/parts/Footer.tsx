import type { MouseEvent } from 'react';
import { Box, Container, Flex, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { navLinks } from '../content';
import { HomeLogoLink } from './HomeLogoLink';
import { hrefOf } from './useSectionNav';

type FooterProps = { anchorClick(id: string): (event: MouseEvent<HTMLAnchorElement>) => void };

const linkStyle = { color: 'fg.muted', fontSize: 'sm', _hover: { color: 'fg' } } as const;

/** Logo, tagline, the page's anchors, account links and the copyright line. */
export function Footer({ anchorClick }: FooterProps) {
  return (
    <Box as="footer" bg="surface" borderTopWidth="1px" borderColor="border">
      <Container maxW="7xl" px={{ base: '4', md: '6', lg: '8' }} py={{ base: '12', md: '16' }}>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap={{ base: '10', md: '8' }}>
          <Stack gap="4" maxW="xs">
            <HomeLogoLink />
            <Text color="fg.muted" fontSize="sm">
              Learn software development by building real projects, one guided path at a time.
            </Text>
          </Stack>
          <Box as="nav" aria-label="Footer">
            <Text id="footer-explore" fontWeight="semibold" fontSize="sm" mb="4">
              Explore
            </Text>
            <SimpleGrid as="ul" aria-labelledby="footer-explore" listStyleType="none" columns={2} gap="3">
              {navLinks.map(({ label, id }) => (
                <li key={label}>
                  <Link href={hrefOf(id)} onClick={anchorClick(id)} {...linkStyle}>
                    {label}
                  </Link>
                </li>
              ))}
            </SimpleGrid>
          </Box>
          <Box>
            <Text id="footer-account" fontWeight="semibold" fontSize="sm" mb="4">
              Account
            </Text>
            <Stack as="ul" aria-labelledby="footer-account" listStyleType="none" gap="3">
              <li>
                <Link asChild {...linkStyle}>
                  <RouterLink to="/login">Sign In</RouterLink>
                </Link>
              </li>
              <li>
                <Link asChild {...linkStyle}>
                  <RouterLink to="/register">Create account</RouterLink>
                </Link>
              </li>
            </Stack>
          </Box>
        </SimpleGrid>
        <Flex
          mt={{ base: '10', md: '12' }}
          pt="6"
          borderTopWidth="1px"
          borderColor="border"
          direction={{ base: 'column', sm: 'row' }}
          justify="space-between"
          gap="2"
        >
          <Text color="fg.muted" fontSize="sm">
            © 2026 PathForge
          </Text>
          <HStack color="fg.muted" fontSize="sm">
            <Text>Built for developers who learn by doing.</Text>
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
