import { Button, Center, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { RefreshCw } from 'lucide-react';
import { LinkButton } from '../../components/LinkButton/LinkButton';

export type ErrorScreenProps = { onReload(): void };

/** Shown when a page fails to load or render (e.g. after a new release replaced its files). */
export function ErrorScreen({ onReload }: ErrorScreenProps) {
  return (
    <Center minH="100dvh" px="6" bg="page">
      <Stack gap="4" maxW="md" textAlign="center" align="center">
        <Text fontSize="sm" fontWeight="semibold" color="brand.fg" textTransform="uppercase" letterSpacing="wider">
          Something went wrong
        </Text>
        <Heading as="h1" size="2xl">
          This page didn’t load
        </Heading>
        <Text color="fg.muted">It may be a hiccup in your connection or a new version of PathForge. Reloading usually fixes it; your progress is safe.</Text>
        <HStack gap="3" pt="2">
          <Button colorPalette="brand" onClick={onReload}>
            <RefreshCw aria-hidden="true" /> Reload page
          </Button>
          <LinkButton asChild variant="outline">
            <RouterLink to="/">Return Home</RouterLink>
          </LinkButton>
        </HStack>
      </Stack>
    </Center>
  );
}
