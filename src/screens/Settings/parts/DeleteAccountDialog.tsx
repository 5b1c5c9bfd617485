import { useEffect, useId, useRef, useState } from 'react';
import { Button, Field, Flex, Stack, Text } from '@chakra-ui/react';
import { Trash2 } from 'lucide-react';
import { ActionDialog } from '../../../components/ActionDialog/ActionDialog';
import { PasswordInput } from '../../../components/PasswordInput/PasswordInput';
import { accountMessages } from '../../../domain/account';
import type { ActionState } from '../../../components/RemoteView/remote';
import { DELETE_NEEDS_PASSWORD, PasswordLinkStatus, type PasswordLinkProps } from './PasswordLink';

export const DELETE_ACCOUNT_WARNING = 'This permanently deletes your account, your progress, XP and badges. This cannot be undone.';
export const DELETE_PASSWORD_REQUIRED = 'Enter your password to delete your account.';

export type DeleteAccountDialogProps = {
  state: ActionState;
  onDeleteAccount(values: { password: string }): void;
  /**
   * An account Google or GitHub made with no password yet: the dialog asks for none (none could
   * work) and offers the link that sets one instead.
   */
  noPassword?: PasswordLinkProps;
};

/**
 * The Delete Account row and its alert dialog: Cancel has focus first; deleting asks for the
 * password, and a refused password is said in the dialog. (On success the container signs out.)
 */
export function DeleteAccountDialog({ state, onDeleteAccount, noPassword }: DeleteAccountDialogProps) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const pending = state.status === 'pending';

  const serverMessage = submitted && state.status === 'error' ? state.message : null;
  const message = missing ? DELETE_PASSWORD_REQUIRED : serverMessage;
  const invalid = missing || serverMessage === accountMessages.wrongPassword;

  useEffect(() => {
    if (serverMessage === accountMessages.wrongPassword) passwordRef.current?.focus();
  }, [serverMessage]);

  const submit = () => {
    if (password.trim() === '') {
      setMissing(true);
      passwordRef.current?.focus();
      return;
    }
    setMissing(false);
    setSubmitted(true);
    onDeleteAccount({ password });
  };

  return (
    <Flex direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'center' }} gap="3" py="3">
      <Stack gap="0.5">
        <Text fontWeight="medium" fontSize="sm" color="fg">
          Delete Account
        </Text>
        <Text color="fg.muted" fontSize="sm">
          Remove your account and everything you’ve earned.
        </Text>
      </Stack>
      <ActionDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) {
            setPassword('');
            setMissing(false);
            setSubmitted(false);
          }
        }}
        pending={noPassword ? noPassword.state.status === 'pending' : pending}
        trigger={
          <Button type="button" colorPalette="red" variant="outline" size="sm" flexShrink={0} color="red.fg" borderColor="red.fg">
            <Trash2 aria-hidden="true" /> Delete Account
          </Button>
        }
        title="Delete your account?"
        description={DELETE_ACCOUNT_WARNING}
        {...(noPassword
          ? {
              formLabel: 'Delete your account',
              confirmLabel: 'Email me a link',
              pendingLabel: 'Sending…',
              onConfirm: noPassword.onSend,
              children: (
                <Stack gap="2">
                  <Text color="fg" fontSize="sm">
                    {DELETE_NEEDS_PASSWORD}
                  </Text>
                  <PasswordLinkStatus email={noPassword.email} state={noPassword.state} />
                </Stack>
              ),
            }
          : {
              destructive: true,
              formLabel: 'Delete your account',
              confirmLabel: 'Delete account',
              pendingLabel: 'Deleting…',
              onConfirm: submit,
              message,
              messageId: errorId,
              children: (
                <Field.Root required invalid={invalid}>
                  <Field.Label>Password</Field.Label>
                  <PasswordInput
                    ref={passwordRef}
                    name="password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(event) => {
                      const { value } = event.target;
                      setPassword(value);
                    }}
                    aria-describedby={invalid ? errorId : undefined}
                  />
                </Field.Root>
              ),
            })}
      />
    </Flex>
  );
}
