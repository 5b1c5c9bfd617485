import { useId } from 'react';
import { Alert, Button, Flex, HStack, Skeleton, Stack, StackSeparator, Text } from '@chakra-ui/react';
import { KeyRound } from 'lucide-react';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert/LoadErrorAlert';
import { TitledCard } from '../../../components/TitledCard/TitledCard';
import { providerMarks, providerUnavailable } from '../../../components/AuthLayout/ProviderButtons';
import { oauthMessages, PROVIDERS, providerLabels, type LinkedAccounts, type Provider } from '../../../domain/oauth';
import type { Remote } from '../../../components/RemoteView/remote';

export type LinkedAccountsCardProps = {
  accounts: Remote<LinkedAccounts>;
  /** The provider whose link or unlink is being sent. */
  busy?: Provider | null;
  /** What the last link or unlink came to (also the return from a provider's page). */
  notice?: { status: 'success' | 'error'; message: string } | null;
  /** Sends the browser to the provider (through the API), to come back here linked. */
  onLink(provider: Provider): void;
  onUnlink(provider: Provider): void;
};

function ProviderRow({
  provider,
  accounts,
  busy,
  onLink,
  onUnlink,
}: { provider: Provider; accounts: LinkedAccounts } & Pick<LinkedAccountsCardProps, 'busy' | 'onLink' | 'onUnlink'>) {
  const reasonId = useId();
  const Mark = providerMarks[provider];
  const name = providerLabels[provider];
  const linked = accounts.identities.find((identity) => identity.provider === provider);
  // Unlinking it would leave no way to sign in: no password and no other provider.
  const last = linked !== undefined && !accounts.hasPassword && accounts.identities.length === 1;
  const configured = accounts.providers[provider];
  const reason = last ? oauthMessages.lastMethod : !linked && !configured ? providerUnavailable(provider) : null;
  return (
    <Flex py="3" gap="3" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }} justify="space-between">
      <HStack gap="3" minW="0" align="flex-start">
        <Flex mt="0.5" flexShrink={0}>
          <Mark />
        </Flex>
        <Stack gap="0.5" minW="0">
          <Text fontWeight="medium">{name}</Text>
          <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
            {linked ? `Linked: ${linked.label}` : 'Not linked'}
          </Text>
          {reason ? (
            <Text id={reasonId} fontSize="sm" color="fg.muted">
              {reason}
            </Text>
          ) : null}
        </Stack>
      </HStack>
      {linked ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          flexShrink={0}
          disabled={last || (busy !== null && busy !== undefined)}
          loading={busy === provider}
          loadingText={`Unlinking ${name}…`}
          aria-describedby={reason ? reasonId : undefined}
          onClick={() => onUnlink(provider)}
        >
          {`Unlink ${name}`}
        </Button>
      ) : (
        <Button
          type="button"
          variant="outline"
          size="sm"
          flexShrink={0}
          disabled={!configured || (busy !== null && busy !== undefined)}
          loading={busy === provider}
          loadingText={`Opening ${name}…`}
          aria-describedby={reason ? reasonId : undefined}
          onClick={() => onLink(provider)}
        >
          {`Link ${name}`}
        </Button>
      )}
    </Flex>
  );
}

/** Settings' "Linked accounts": sign in with Google or GitHub too; link and unlink act at once (not Save Changes). */
export function LinkedAccountsCard({ accounts, busy = null, notice = null, onLink, onUnlink }: LinkedAccountsCardProps) {
  return (
    <TitledCard title="Linked accounts" description="Sign in with Google or GitHub as well. Linking and unlinking happen at once." icon={<KeyRound />}>
      {notice ? (
        <Alert.Root status={notice.status} variant="subtle" borderRadius="lg" role={notice.status === 'error' ? 'alert' : 'status'}>
          <Alert.Indicator />
          <Alert.Title fontWeight="medium">{notice.message}</Alert.Title>
        </Alert.Root>
      ) : null}
      {accounts.status === 'loading' ? (
        <Stack role="status" aria-label="Loading your linked accounts" gap="3">
          <Skeleton h="10" rounded="md" />
          <Skeleton h="10" rounded="md" />
        </Stack>
      ) : accounts.status === 'error' ? (
        <LoadErrorAlert title="Your linked accounts could not be loaded." message={accounts.message} onRetry={accounts.onRetry} />
      ) : (
        <Stack gap="0" separator={<StackSeparator borderColor="border" />}>
          {PROVIDERS.map((provider) => (
            <ProviderRow key={provider} provider={provider} accounts={accounts.data} busy={busy} onLink={onLink} onUnlink={onUnlink} />
          ))}
        </Stack>
      )}
    </TitledCard>
  );
}
