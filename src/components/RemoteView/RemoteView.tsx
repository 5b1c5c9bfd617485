import type { ReactNode } from 'react';
import { Alert, Button, Skeleton, Stack } from '@chakra-ui/react';
import { RefreshCw } from 'lucide-react';
import type { Remote } from './remote';

export type RemoteViewProps<T> = {
  remote: Remote<T>;
  /** What the loading state says to screen readers, e.g. "Loading learning paths". */
  loadingLabel: string;
  children(data: T): ReactNode;
};

/** Loading placeholder and error-with-retry for one `Remote<T>`; renders `children(data)` when ready. */
export function RemoteView<T>({ remote, loadingLabel, children }: RemoteViewProps<T>) {
  if (remote.status === 'loading') {
    return (
      <Stack gap="4" aria-busy="true" aria-label={loadingLabel} role="status">
        <Skeleton height="10" width="60%" />
        <Skeleton height="32" />
        <Skeleton height="32" />
      </Stack>
    );
  }
  if (remote.status === 'error') {
    return (
      <Alert.Root status="error" variant="surface" flexDirection={{ base: 'column', sm: 'row' }} alignItems={{ base: 'flex-start', sm: 'center' }}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>We couldn’t load this page</Alert.Title>
          <Alert.Description>{remote.message}</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" onClick={remote.onRetry}>
          <RefreshCw aria-hidden="true" /> Try again
        </Button>
      </Alert.Root>
    );
  }
  return <>{children(remote.data)}</>;
}
