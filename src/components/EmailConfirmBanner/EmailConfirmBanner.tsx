import { Alert, Button, HStack } from '@chakra-ui/react';
import { MailCheck } from 'lucide-react';
import type { ActionState } from '../../screens/remote';

export type EmailConfirmBannerProps = {
  /** The account's address, not confirmed yet. */
  email: string;
  /** Where the last "Resend link" stands. */
  resend: ActionState;
  onResend(): void;
};

export const EMAIL_BANNER_TITLE = 'Please confirm your email address';

/**
 * Shown across the signed-in app while the account's address is not confirmed: the account
 * works, but nothing that trusts an email (a reset link to it, a sign-in with a provider)
 * trusts this one until a link sent there is opened.
 */
export function EmailConfirmBanner({ email, resend, onResend }: EmailConfirmBannerProps) {
  const description =
    resend.status === 'success'
      ? `A new link is on its way to ${email}. Open it to confirm the address.`
      : resend.status === 'error'
        ? resend.message
        : `We sent a link to ${email}. Open it to confirm this is your address.`;
  return (
    <Alert.Root
      status={resend.status === 'error' ? 'error' : 'info'}
      variant="surface"
      size="sm"
      flexDirection={{ base: 'column', sm: 'row' }}
      alignItems={{ base: 'flex-start', sm: 'center' }}
      gap="2"
      aria-label={EMAIL_BANNER_TITLE}
      role="region"
    >
      <HStack gap="2" align="flex-start" flex="1" minW="0">
        <Alert.Indicator>
          <MailCheck aria-hidden="true" />
        </Alert.Indicator>
        <Alert.Content minW="0">
          <Alert.Title>{EMAIL_BANNER_TITLE}</Alert.Title>
          <Alert.Description aria-live="polite">{description}</Alert.Description>
        </Alert.Content>
      </HStack>
      <Button
        size="xs"
        variant="outline"
        onClick={onResend}
        loading={resend.status === 'pending'}
        loadingText="Sending…"
        disabled={resend.status === 'success'}
        flexShrink={0}
      >
        Resend link
      </Button>
    </Alert.Root>
  );
}
