import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Box, Button, Dialog, Field, Flex, Portal, Stack, Text } from '@chakra-ui/react';
import { Trash2 } from 'lucide-react';
import { FormError } from '../../../components/AuthLayout/AuthFormParts';
import { PasswordInput } from '../../../components/PasswordInput/PasswordInput';
import { accountMessages } from '../../../domain/learningApi';
import type { ActionState } from './actionState';

export const DELETE_ACCOUNT_WARNING =
  'This permanently deletes your account, your progress, XP and badges. This cannot be undone.';
export const DELETE_PASSWORD_REQUIRED = 'Enter your password to delete your account.';

export type DeleteAccountDialogProps = {
  state: ActionState;
  onDeleteAccount(values: { password: string }): void;
};

/**
 * The Delete Account row and its alert dialog: Cancel has focus first; deleting asks for the
 * password, and a refused password is said in the dialog. (On success the container signs out.)
 */
export function DeleteAccountDialog({ state, onDeleteAccount }: DeleteAccountDialogProps) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const pending = state.status === 'pending';

  const serverMessage = submitted && state.status === 'error' ? state.message : null;
  const message = missing ? DELETE_PASSWORD_REQUIRED : serverMessage;
  const invalid = missing || serverMessage === accountMessages.wrongPassword;

  useEffect(() => {
    if (serverMessage === accountMessages.wrongPassword) passwordRef.current?.focus();
  }, [serverMessage]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The dialog sits inside the Settings form in React's tree: its submit must not save settings.
    event.stopPropagation();
    if (pending) return;
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
      <Dialog.Root
        role="alertdialog"
        open={open}
        onOpenChange={(details) => {
          if (pending && !details.open) return; // no closing while the API answers
          setOpen(details.open);
          if (details.open) {
            setPassword('');
            setMissing(false);
            setSubmitted(false);
          }
        }}
        closeOnEscape={!pending}
        closeOnInteractOutside={!pending}
        initialFocusEl={() => cancelRef.current}
        placement="center"
      >
        <Dialog.Trigger asChild>
          <Button type="button" colorPalette="red" variant="outline" size="sm" flexShrink={0} color="red.fg" borderColor="red.fg">
            <Trash2 aria-hidden="true" /> Delete Account
          </Button>
        </Dialog.Trigger>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="4">
            <Dialog.Content>
              <form noValidate onSubmit={submit} aria-label="Delete your account">
                <Dialog.Header>
                  <Dialog.Title>Delete your account?</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="4">
                    <Dialog.Description color="fg.muted">{DELETE_ACCOUNT_WARNING}</Dialog.Description>
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
                  </Stack>
                  {/* A live region from the start, so a message that appears in it is read out. */}
                  <Box role="alert" mt={message ? '4' : '0'}>
                    <FormError id={errorId} message={message} />
                  </Box>
                </Dialog.Body>
                <Dialog.Footer>
                  <Dialog.ActionTrigger asChild>
                    <Button ref={cancelRef} type="button" variant="outline" colorPalette="gray" disabled={pending}>
                      Cancel
                    </Button>
                  </Dialog.ActionTrigger>
                  <Button type="submit" colorPalette="red" _hover={{ bg: 'red.700' }} loading={pending} loadingText="Deleting…">
                    Delete account
                  </Button>
                </Dialog.Footer>
              </form>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Flex>
  );
}
