import { useEffect, useRef } from 'react';
import { Button, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ShieldX } from 'lucide-react';
import { AuthLayout } from '../../components/AuthLayout/AuthLayout';
import { Notice } from '../../components/Notice/Notice';
import { LinkButton } from '../../components/LinkButton/LinkButton';
import { REMOVE_LINK_DAYS, removeLinkTexts } from '../../domain/accountNotices';

export type RemoveLinkState =
  /** Waiting for the one click: nothing has happened yet. */
  | { status: 'ready' }
  | { status: 'pending' }
  /** The API's sentence: what was removed; every session has ended. */
  | { status: 'done'; message: string }
  /** No token in the address, an unknown one, a used one or an expired one. */
  | { status: 'invalid'; reason: 'missing' | 'refused' }
  /** The API could not be reached, or refused for another reason (its message). */
  | { status: 'error'; message: string };

export type RemoveLinkScreenProps = {
  state: RemoveLinkState;
  onRemove(): void;
};

const titles: Record<RemoveLinkState['status'], string> = {
  ready: removeLinkTexts.title,
  pending: removeLinkTexts.title,
  done: 'Removed, and signed out everywhere',
  invalid: 'Link not valid',
  error: 'Nothing was removed yet',
};

/**
 * /remove-link?token=…: the page the "linked" mail's link opens. Opening it does nothing: it says
 * what will happen and acts on one click (a mail scanner that opens links removes nothing).
 */
export function RemoveLinkScreen({ state, onRemove }: RemoveLinkScreenProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  // The answer replaces the question: move focus to its heading so it is read out.
  useEffect(() => {
    if (state.status === 'done' || state.status === 'invalid' || state.status === 'error') titleRef.current?.focus();
  }, [state.status]);

  const resetPassword = (
    <LinkButton asChild colorPalette="brand" size="lg" width="full">
      <RouterLink to="/forgotPassword">Reset your password</RouterLink>
    </LinkButton>
  );
  const removeButton = (label: string) => (
    // The label wraps on a phone rather than pushing the card wider than the screen.
    <Button
      colorPalette="red"
      size="lg"
      width="full"
      h="auto"
      minH="11"
      py="2.5"
      whiteSpace="normal"
      onClick={onRemove}
      loading={state.status === 'pending'}
      loadingText={removeLinkTexts.pending}
    >
      <ShieldX aria-hidden="true" /> {label}
    </Button>
  );

  let body;
  if (state.status === 'ready' || state.status === 'pending') {
    body = (
      <>
        <Text color="fg.muted">{removeLinkTexts.explain}</Text>
        {removeButton(removeLinkTexts.button)}
        <Text color="fg.muted" fontSize="sm">
          {removeLinkTexts.keep}
        </Text>
      </>
    );
  } else if (state.status === 'done') {
    body = (
      <>
        <Notice tone="success">{state.message}</Notice>
        {resetPassword}
        <LinkButton asChild variant="outline" size="lg" width="full">
          <RouterLink to="/login">Sign In</RouterLink>
        </LinkButton>
      </>
    );
  } else if (state.status === 'invalid') {
    body = (
      <>
        <Notice tone="error">{state.reason === 'missing' ? removeLinkTexts.noToken : removeLinkTexts.invalid}</Notice>
        <Text color="fg.muted" fontSize="sm">
          {`The link works once, for ${REMOVE_LINK_DAYS} days. If someone else may be in your account, reset your password.`}
        </Text>
        {resetPassword}
      </>
    );
  } else {
    body = (
      <>
        <Notice tone="error">{state.message}</Notice>
        {removeButton('Try again')}
      </>
    );
  }

  return (
    <AuthLayout title={titles[state.status]} titleRef={titleRef}>
      <Stack gap="5">{body}</Stack>
    </AuthLayout>
  );
}
