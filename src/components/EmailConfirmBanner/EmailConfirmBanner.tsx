import { Alert, Button, HStack } from '@chakra-ui/react';
import { MailCheck, MailX } from 'lucide-react';
import { emailLinkMessages } from '../../domain/account';
import type { ActionState } from '../RemoteView/remote';

export type EmailConfirmBannerProps = {
  /** The account's address, not confirmed yet. */
  email: string;
  /** Where the last "Resend link" stands. */
  resend: ActionState;
  onResend(): void;
  /**
   * False when this server sends no email (Settings' `reminders.email` is 'not-set-up'): no link
   * was sent and none can be, so the banner says so and offers no Resend link. Default true.
   */
  emailSetUp?: boolean;
};

export const EMAIL_BANNER_TITLE = 'Please confirm your email address';
/** The title when the server cannot send the link: nothing the learner can do here. */
export const EMAIL_NOT_CONFIRMED_TITLE = 'Your email address is not confirmed';

/**
 * Shown across the signed-in app while the account's address is not confirmed: the account
 * works, but nothing that trusts an email (a reset link to it, a sign-in with a provider)
 * trusts this one until a link sent there is opened.
 */
export function EmailConfirmBanner({ email, resend, onResend, emailSetUp = true }: EmailConfirmBannerProps) {
  const title = emailSetUp ? EMAIL_BANNER_TITLE : EMAIL_NOT_CONFIRMED_TITLE;
  const description = !emailSetUp
    ? emailLinkMessages.notSentHere(email)
    : resend.status === 'success'
      ? `A new link is on its way to ${email}. Open it to confirm the address.`
      : resend.status === 'error'
        ? resend.message
        : `We sent a link to ${email}. Open it to confirm this is your address.`;
  return (
    <Alert.Root
      status={emailSetUp && resend.status === 'error' ? 'error' : 'info'}
      variant="surface"
      size="sm"
      flexDirection={{ base: 'column', sm: 'row' }}
      alignItems={{ base: 'flex-start', sm: 'center' }}
      gap="2"
      aria-label={title}
      role="region"
    >
      <HStack gap="2" align="flex-start" flex="1" minW="0">
        <Alert.Indicator>{emailSetUp ? <MailCheck aria-hidden="true" /> : <MailX aria-hidden="true" />}</Alert.Indicator>
        <Alert.Content minW="0">
          <Alert.Title>{title}</Alert.Title>
          <Alert.Description aria-live="polite">{description}</Alert.Description>
        </Alert.Content>
      </HStack>
      {emailSetUp ? (
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
      ) : null}
    </Alert.Root>
  );
}
