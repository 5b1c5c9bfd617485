import { Alert, Button, HStack, type AlertRootProps } from '@chakra-ui/react';
import { RefreshCw } from 'lucide-react';

export type LoadErrorAlertProps = {
  /** What could not be loaded, e.g. "Your weekly goal could not be loaded." */
  title: string;
  /** Why, as the API client words it. */
  message: string;
  onRetry(): void;
  maxW?: AlertRootProps['maxW'];
};

/**
 * A part of a page that failed to load while the rest did: says what and why, with Try again
 * beside it (below it on a phone). A whole page that fails uses RemoteView.
 */
export function LoadErrorAlert({ title, message, onRetry, maxW }: LoadErrorAlertProps) {
  return (
    <Alert.Root
      status="error"
      variant="surface"
      size="sm"
      maxW={maxW}
      flexDirection={{ base: 'column', sm: 'row' }}
      alignItems={{ base: 'flex-start', sm: 'center' }}
      gap="2"
    >
      <HStack gap="2" align="flex-start" flex="1" minW="0">
        <Alert.Indicator />
        <Alert.Content minW="0">
          <Alert.Title>{title}</Alert.Title>
          <Alert.Description>{message}</Alert.Description>
        </Alert.Content>
      </HStack>
      <Button size="xs" variant="outline" onClick={onRetry} flexShrink={0}>
        <RefreshCw aria-hidden="true" /> Try again
      </Button>
    </Alert.Root>
  );
}
