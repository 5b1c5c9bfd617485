import { useId, useState } from 'react';
import { Alert, Button, Flex, HStack, Skeleton, Stack, StackSeparator, Text } from '@chakra-ui/react';
import { KeyRound } from 'lucide-react';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert/LoadErrorAlert';
import { TitledCard } from '../../../components/TitledCard/TitledCard';
import { providerMarks, providerUnavailable } from '../../../components/AuthLayout/ProviderButtons';
import { oauthMessages, PROVIDERS, providerLabels, type Provider } from '../../../domain/oauth';
import type { LinkedAccounts } from '../../../api/account/contract';
import type { ActionState, Remote } from '../../../components/RemoteView/remote';
import { LinkProviderDialog } from './LinkProviderDialog';

export type LinkedAccountsCardProps = {
  accounts: Remote<LinkedAccounts>;
  /** The provider whose unlink is being sent. */
  busy?: Provider | null;
  /** The link asked for from its dialog: which provider, and how the API answered (pending while the browser goes there). */
  linking?: { provider: Provider; state: ActionState } | null;
  /** What the last unlink came to, or the return from a provider's page. */
  notice?: { status: 'success' | 'error'; message: string } | null;
  /**
   * Sends the browser to the provider (through the API), to come back here linked: with the current
   * password, or null for an account without one (a fresh provider sign-in stands in for it).
   */
  onLink(provider: Provider, password: string | null): void;
  onUnlink(provider: Provider): void;
  /** Where a sign-in with each provider starts (an account without a password signs in again before linking). */
  signInUrls: Record<Provider, string>;
};

function ProviderRow({
  provider,
  accounts,
  busy,
  linking,
  onLink,
  onUnlink,
  signInUrls,
}: { provider: Provider; accounts: LinkedAccounts } & Pick<LinkedAccountsCardProps, 'busy' | 'linking' | 'onLink' | 'onUnlink' | 'signInUrls'>) {
  const reasonId = useId();
  const [dialogOpen, setDialogOpen] = useState(false);
  const Mark = providerMarks[provider];
  const name = providerLabels[provider];
  const linked = accounts.identities.find((identity) => identity.provider === provider);
  // Unlinking it would leave no way to sign in: no password and no other provider.
  const last = linked !== undefined && !accounts.hasPassword && accounts.identities.length === 1;
  const configured = accounts.providers[provider];
  const unconfirmed = !linked && configured && !accounts.emailConfirmed;
  const reason = last ? oauthMessages.lastMethod : !linked && !configured ? providerUnavailable(provider) : unconfirmed ? oauthMessages.confirmEmailToLink : null;
  const linkingThis = linking?.provider === provider;
  const otherBusy = (busy !== null && busy !== undefined) || (linking !== null && linking !== undefined && !linkingThis && linking.state.status === 'pending');
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
          disabled={last || otherBusy || (linkingThis && linking.state.status === 'pending')}
          loading={busy === provider}
          loadingText={`Unlinking ${name}…`}
          aria-describedby={reason ? reasonId : undefined}
          onClick={() => onUnlink(provider)}
        >
          {`Unlink ${name}`}
        </Button>
      ) : (
        <LinkProviderDialog
          provider={provider}
          hasPassword={accounts.hasPassword}
          linked={accounts.identities.map((identity) => identity.provider)}
          signInUrls={signInUrls}
          state={linkingThis ? linking.state : { status: 'idle' }}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          onLink={(password) => onLink(provider, password)}
          trigger={
            <Button
              type="button"
              variant="outline"
              size="sm"
              flexShrink={0}
              disabled={!configured || unconfirmed || otherBusy}
              aria-describedby={reason ? reasonId : undefined}
            >
              {`Link ${name}`}
            </Button>
          }
        />
      )}
    </Flex>
  );
}

/**
 * Settings' "Linked accounts": sign in with Google or GitHub too; link (after the password, in a
 * dialog) and unlink act at once (not Save Changes). Linking waits for a confirmed address.
 */
export function LinkedAccountsCard({ accounts, busy = null, linking = null, notice = null, onLink, onUnlink, signInUrls }: LinkedAccountsCardProps) {
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
            <ProviderRow
              key={provider}
              provider={provider}
              accounts={accounts.data}
              busy={busy}
              linking={linking}
              onLink={onLink}
              onUnlink={onUnlink}
              signInUrls={signInUrls}
            />
          ))}
        </Stack>
      )}
    </TitledCard>
  );
}
