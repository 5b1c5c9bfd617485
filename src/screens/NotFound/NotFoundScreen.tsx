import { Box, Button, Center, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { House } from 'lucide-react';
import { Logo } from '../../components/Logo/Logo';

export type NotFoundScreenProps = {
  /** Inside the signed-in app: the app's own header and main landmark frame it, so it adds neither. */
  inApp?: boolean;
};

/** Any unknown path: 'Oops! Page not found', word for word, and a way home. */
export function NotFoundScreen({ inApp = false }: NotFoundScreenProps) {
  return (
    <Flex minH={inApp ? undefined : '100dvh'} direction="column" bg={inApp ? undefined : 'page'} px="6" py={{ base: '6', md: '10' }}>
      {inApp ? null : (
        <Box as="header" alignSelf={{ base: 'flex-start', md: 'center' }}>
          <Link asChild rounded="md" _hover={{ textDecoration: 'none' }}>
            <RouterLink to="/" aria-label="PathForge home">
              <Logo />
            </RouterLink>
          </Link>
        </Box>
      )}
      <Center as={inApp ? 'div' : 'main'} flex="1" py="12">
        <Stack gap="4" maxW="md" textAlign="center" align="center">
          <Text aria-hidden="true" fontSize={{ base: '6xl', md: '7xl' }} fontWeight="extrabold" lineHeight="1" letterSpacing="-0.04em" color="brand.fg">
            404
          </Text>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
            Oops! Page not found
          </Heading>
          <Text color="fg.muted">The page you’re looking for doesn’t exist or has moved. Check the address, or head back home and keep building.</Text>
          {/* Not <LinkButton>: imported here, it makes Vite 8 (Rolldown) split Chakra's core out of the
              entry into a chunk of its own, which puts the landing page over its size budget.
              The same fix by hand: no type on the link. */}
          {/* eslint-disable-next-line no-restricted-syntax -- type={undefined}: the anchor gets no type="button" */}
          <Button type={undefined} asChild colorPalette="brand" size="lg" mt="2">
            <RouterLink to="/">
              <House aria-hidden="true" /> Return Home
            </RouterLink>
          </Button>
        </Stack>
      </Center>
    </Flex>
  );
}
