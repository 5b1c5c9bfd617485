import { useEffect, useRef } from 'react';
import { Button, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { MailX, RefreshCw } from 'lucide-react';
import { AuthLayout } from '../../components/AuthLayout/AuthLayout';
import { LinkButton } from '../../components/LinkButton/LinkButton';
import { Notice } from '../../components/Notice/Notice';
import type { UnsubscribeResponse } from '../../api/unsubscribe/contract';

export type UnsubscribeKind = UnsubscribeResponse['kind'];

export type UnsubscribeState =
  /** Opened, nothing sent yet: the page says what will happen and waits for one click. */
  | { status: 'ready' }
  | { status: 'working' }
  /** The API turned that kind's email off. */
  | { status: 'done'; kind: UnsubscribeKind }
  /** A link the API does not know (mistyped, forged, or from an account that is gone). */
  | { status: 'invalid' }
  /** The API could not be reached, or refused for another reason (its message). */
  | { status: 'error'; message: string };

export type UnsubscribeScreenProps = {
  state: UnsubscribeState;
  /** The learner pressed Unsubscribe (the one click): the container calls the API. */
  onConfirm(): void;
  onRetry(): void;
};

/** What each kind of mail is called in a sentence. */
export const UNSUBSCRIBE_KIND_NAMES: Record<UnsubscribeKind, string> = {
  streak: 'streak reminder',
  digest: 'weekly digest',
  updates: 'product update',
  newsletter: 'newsletter',
};

export const unsubscribeTexts = {
  ready: 'Stop the emails this link came with? You can turn them back on in Settings at any time.',
  button: 'Unsubscribe',
  done: (kind: UnsubscribeKind) => `You will no longer get ${UNSUBSCRIBE_KIND_NAMES[kind]} emails.`,
  turnBackOn: 'Changed your mind? Turn it back on in Settings, with your other notifications.',
  invalid: 'This unsubscribe link is not valid.',
  invalidHelp: 'Copy the whole link from the email, or sign in and choose what PathForge sends you in Settings.',
} as const;

const titles: Record<UnsubscribeState['status'], string> = {
  ready: 'Unsubscribe from these emails',
  working: 'Unsubscribing',
  done: 'Unsubscribed',
  invalid: 'Link not valid',
  error: 'You are not unsubscribed yet',
};

/**
 * /unsubscribe/:token: the page a mail's "Unsubscribe" link opens. Opening it does nothing (a
 * mail scanner that runs the page must not unsubscribe anyone): one click on its button does it.
 * Then it says only what the API did (working while it answers, then done, the link not valid, or
 * why it could not be done, with Try again), and where to turn that mail back on. Mail clients'
 * one-click unsubscribe (RFC 8058) posts to the API directly and never opens this page.
 */
export function UnsubscribeScreen({ state, onConfirm, onRetry }: UnsubscribeScreenProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  // The answer replaces "working": move focus to its heading so it is read out.
  useEffect(() => {
    if (state.status !== 'working' && state.status !== 'ready') titleRef.current?.focus();
  }, [state.status]);

  const settings = (
    <LinkButton asChild colorPalette="brand" size="lg" width="full">
      <RouterLink to="/app/settings">Open Settings</RouterLink>
    </LinkButton>
  );

  let body;
  if (state.status === 'ready') {
    body = (
      <>
        <Text color="fg.muted">{unsubscribeTexts.ready}</Text>
        <Button colorPalette="brand" size="lg" width="full" onClick={onConfirm}>
          <MailX aria-hidden="true" /> {unsubscribeTexts.button}
        </Button>
      </>
    );
  } else if (state.status === 'working') {
    body = (
      <Text color="fg.muted" aria-busy="true">
        Turning these emails off…
      </Text>
    );
  } else if (state.status === 'done') {
    body = (
      <>
        <Notice tone="success">{unsubscribeTexts.done(state.kind)}</Notice>
        <Text color="fg.muted" fontSize="sm">
          {unsubscribeTexts.turnBackOn}
        </Text>
        {settings}
      </>
    );
  } else if (state.status === 'invalid') {
    body = (
      <>
        <Notice tone="error">{unsubscribeTexts.invalid}</Notice>
        <Text color="fg.muted" fontSize="sm">
          {unsubscribeTexts.invalidHelp}
        </Text>
        {settings}
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
    <AuthLayout title={titles[state.status]} titleRef={titleRef}>
      <Stack gap="5">{body}</Stack>
    </AuthLayout>
  );
}
