import { useEffect, useRef } from 'react';
import { Button, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { MailCheck, RefreshCw, Undo2 } from 'lucide-react';
import { AuthLayout } from '../../components/AuthLayout/AuthLayout';
import { Notice } from '../../components/Notice/Notice';
import { LinkButton } from '../../components/LinkButton/LinkButton';
import { CONFIRM_LINK_HOURS, emailLinkMessages, UNDO_LINK_DAYS } from '../../domain/account';

/** Which mailed link was opened: a confirmation (registration or new address), or an undo. */
export type EmailLinkKind = 'confirm' | 'undo';

export type EmailLinkState =
  /** Opened, nothing sent yet: the page says what the link will do and waits for one click. */
  | { status: 'ready' }
  | { status: 'checking' }
  /** The API's sentence and the account's address now. */
  | { status: 'done'; message: string; email: string }
  /** No token, an unknown one, a used one or an expired one. */
  | { status: 'invalid' }
  /** The API could not be reached, or refused for another reason (its message). */
  | { status: 'error'; message: string };

export type EmailLinkScreenProps = {
  kind: EmailLinkKind;
  state: EmailLinkState;
  /** A learner is signed in on this device (the confirmed page leads back into the app). */
  signedIn: boolean;
  /** The learner asked for what the link does (the one click): the container calls the API. */
  onConfirm(): void;
  onRetry(): void;
};

/** What the page says before the click: what will happen, and the button that does it. */
export const emailLinkTexts: Record<EmailLinkKind, { ready: string; button: string }> = {
  confirm: {
    ready: 'Confirm that this address is yours to use with PathForge. Nothing changes until you press the button.',
    button: 'Confirm my email address',
  },
  undo: {
    ready:
      'This keeps (or puts back) the address this email was sent to, signs out every device and cancels every link sent. Nothing changes until you press the button.',
    button: 'Undo the email change',
  },
};

const titles: Record<EmailLinkKind, Record<EmailLinkState['status'], string>> = {
  confirm: {
    ready: 'Confirm your email address',
    checking: 'Confirming your email address',
    done: 'Email address confirmed',
    invalid: 'Link not valid',
    error: 'Your email is not confirmed yet',
  },
  undo: {
    ready: 'Undo the email change',
    checking: 'Undoing the email change',
    done: 'Email change undone',
    invalid: 'Link not valid',
    error: 'The email change is not undone yet',
  },
};

/**
 * /confirm-email?token=… and /undo-email-change?token=…: the page a mailed link opens. Opening it
 * does nothing (a mail scanner that runs the page must not confirm or undo anything): it says what
 * the link will do and waits for one click. Then it says only what the API did: checking while it
 * answers, then done, the link not valid, or why it could not be done (with Try again).
 */
export function EmailLinkScreen({ kind, state, signedIn, onConfirm, onRetry }: EmailLinkScreenProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  // The answer replaces "checking": move focus to its heading so it is read out.
  useEffect(() => {
    if (state.status !== 'checking' && state.status !== 'ready') titleRef.current?.focus();
  }, [state.status]);

  const home = signedIn ? (
    <LinkButton asChild colorPalette="brand" size="lg" width="full">
      <RouterLink to="/app/dashboard">Continue to PathForge</RouterLink>
    </LinkButton>
  ) : (
    <LinkButton asChild colorPalette="brand" size="lg" width="full">
      <RouterLink to="/login">Sign In</RouterLink>
    </LinkButton>
  );

  let body;
  if (state.status === 'ready') {
    body = (
      <>
        <Text color="fg.muted">{emailLinkTexts[kind].ready}</Text>
        <Button colorPalette="brand" size="lg" width="full" onClick={onConfirm}>
          {kind === 'confirm' ? <MailCheck aria-hidden="true" /> : <Undo2 aria-hidden="true" />} {emailLinkTexts[kind].button}
        </Button>
      </>
    );
  } else if (state.status === 'checking') {
    body = (
      <Text color="fg.muted" aria-busy="true">
        Checking your link…
      </Text>
    );
  } else if (state.status === 'done' && kind === 'confirm') {
    body = (
      <>
        <Notice tone="success">{state.message}</Notice>
        <Text color="fg.muted" fontSize="sm">
          You sign in with {state.email}, and password reset links go there.
        </Text>
        {home}
      </>
    );
  } else if (state.status === 'done') {
    body = (
      <>
        <Notice tone="success">{state.message}</Notice>
        <Text color="fg.muted" fontSize="sm">
          Your account uses {state.email} again. If you did not ask for the change, choose a new password now: whoever asked knew it.
        </Text>
        <LinkButton asChild colorPalette="brand" size="lg" width="full">
          <RouterLink to="/forgotPassword">Reset your password</RouterLink>
        </LinkButton>
        <LinkButton asChild variant="outline" size="lg" width="full">
          <RouterLink to="/login">Sign In</RouterLink>
        </LinkButton>
      </>
    );
  } else if (state.status === 'invalid') {
    body = (
      <>
        <Notice tone="error">{emailLinkMessages.invalid}</Notice>
        <Text color="fg.muted" fontSize="sm">
          {kind === 'confirm'
            ? `Each link works once, for ${CONFIRM_LINK_HOURS} hours, and a newer one replaces it. Sign in to have a new one sent.`
            : `The link works once, for ${UNDO_LINK_DAYS} days. If your account was changed without you, reset your password.`}
        </Text>
        {kind === 'confirm' ? (
          home
        ) : (
          <LinkButton asChild colorPalette="brand" size="lg" width="full">
            <RouterLink to="/forgotPassword">Reset your password</RouterLink>
          </LinkButton>
        )}
      </>
    );
  } else {
    body = (
      <>
        <Notice tone="error">{state.message}</Notice>
        <Button colorPalette="brand" size="lg" width="full" onClick={onRetry}>
          <RefreshCw aria-hidden="true" /> Try again
        </Button>
      </>
    );
  }

  return (
    <AuthLayout title={titles[kind][state.status]} titleRef={titleRef}>
      <Stack gap="5">{body}</Stack>
    </AuthLayout>
  );
}
