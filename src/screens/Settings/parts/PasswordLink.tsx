import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { Mail } from 'lucide-react';
import { accountMessages } from '../../../domain/account';
import type { ActionState } from '../../../components/RemoteView/remote';

/** The Password row of an account Google or GitHub made, which has no password yet. */
export const NO_PASSWORD_YET = 'You sign in with Google or GitHub and have no password yet. We can email you a link to set one.';
/** Why the Delete Account dialog of such an account asks for no password but offers the link. */
export const DELETE_NEEDS_PASSWORD =
  'Deleting your account needs your password, and you have none yet. Set one with the link we email you, then delete your account here.';
/** Why changing the email of such an account waits. */
export const EMAIL_NEEDS_PASSWORD =
  'Changing your email needs your password, and you have none yet. Set one with the link we email you, then change your email here.';

export type PasswordLinkProps = {
  /** The account's address, where the link goes. */
  email: string;
  state: ActionState;
  onSend(): void;
};

/** "Email me a link": a link to set a password, mailed to the account's address. */
export function PasswordLinkButton({ state, onSend }: Omit<PasswordLinkProps, 'email'>) {
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      colorPalette="gray"
      flexShrink={0}
      onClick={onSend}
      loading={state.status === 'pending'}
      loadingText="Sending…"
    >
      <Mail aria-hidden="true" /> Email me a link
    </Button>
  );
}

/** Where the link went, or why it did not go. */
export function PasswordLinkStatus({ email, state }: Omit<PasswordLinkProps, 'onSend'>) {
  const text = state.status === 'error' ? state.message : state.status === 'success' ? accountMessages.passwordLinkSent(email) : '';
  return (
    <Text color={state.status === 'error' ? 'red.fg' : 'fg.muted'} fontSize="sm" aria-live="polite" overflowWrap="anywhere">
      {text}
    </Text>
  );
}

/** The Password row for an account with no password: what is true, and the link instead of Change Password. */
export function NoPasswordRow(props: PasswordLinkProps) {
  return (
    <Flex direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'center' }} gap="3" py="3">
      <Stack gap="0.5" minW="0">
        <Text fontWeight="medium" fontSize="sm" color="fg">
          Password
        </Text>
        <Text color="fg.muted" fontSize="sm">
          {NO_PASSWORD_YET}
        </Text>
        <PasswordLinkStatus email={props.email} state={props.state} />
      </Stack>
      <PasswordLinkButton state={props.state} onSend={props.onSend} />
    </Flex>
  );
}
