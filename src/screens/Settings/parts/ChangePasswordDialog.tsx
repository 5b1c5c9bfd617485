import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Box, Button, Dialog, Field, Flex, Portal, Stack, Text } from '@chakra-ui/react';
import { KeyRound } from 'lucide-react';
import { FormError } from '../../../components/AuthLayout/AuthFormParts';
import { PasswordInput } from '../../../components/PasswordInput/PasswordInput';
import { PASSWORD_MIN_LENGTH } from '../../../domain/auth';
import { accountMessages } from '../../../domain/learningApi';
import type { ActionState } from './actionState';
import { validateChangePassword, type ChangePasswordField, type ChangePasswordValues } from './validateChangePassword';

export type ChangePasswordDialogProps = {
  state: ActionState;
  onChangePassword(values: { currentPassword: string; newPassword: string }): void;
};

const empty: ChangePasswordValues = { currentPassword: '', newPassword: '', confirm: '' };

const fields: { name: ChangePasswordField; label: string; autoComplete: string }[] = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password', autoComplete: 'new-password' },
  { name: 'confirm', label: 'Confirm new password', autoComplete: 'new-password' },
];

/**
 * The Change Password row and its dialog: the form's own checks first, then the API's answer in
 * the dialog. It closes once the API has changed the password (the container says so in a toast).
 */
export function ChangePasswordDialog({ state, onChangePassword }: ChangePasswordDialogProps) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(empty);
  const [problem, setProblem] = useState<{ message: string; fields: ChangePasswordField[] } | null>(null);
  // The API's answer belongs to this dialog only after it was submitted from it.
  const [submitted, setSubmitted] = useState(false);
  const [seenStatus, setSeenStatus] = useState(state.status);
  const inputs = useRef<Partial<Record<ChangePasswordField, HTMLInputElement | null>>>({});
  const errorId = useId();
  const hintId = useId();
  const pending = state.status === 'pending';

  if (state.status !== seenStatus) {
    setSeenStatus(state.status);
    if (seenStatus === 'pending' && state.status === 'done') setOpen(false);
  }

  const serverMessage = submitted && state.status === 'error' ? state.message : null;
  const message = problem?.message ?? serverMessage;
  const invalid = (name: ChangePasswordField) =>
    problem ? problem.fields.includes(name) : serverMessage === accountMessages.wrongPassword && name === 'currentPassword';

  // A refused current password: back to that field, which the message now describes.
  useEffect(() => {
    if (serverMessage === accountMessages.wrongPassword) inputs.current.currentPassword?.focus();
  }, [serverMessage]);

  const change = (name: ChangePasswordField) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The dialog sits inside the Settings form in React's tree: its submit must not save settings.
    event.stopPropagation();
    if (pending) return;
    const found = validateChangePassword(values);
    setProblem(found);
    if (found) {
      inputs.current[found.fields[0] as ChangePasswordField]?.focus();
      return;
    }
    setSubmitted(true);
    onChangePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
  };

  return (
    <Flex direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'center' }} gap="3" py="3">
      <Stack gap="0.5">
        <Text fontWeight="medium" fontSize="sm" color="fg">
          Password
        </Text>
        <Text color="fg.muted" fontSize="sm">
          Change the password you sign in with. Other devices are signed out.
        </Text>
      </Stack>
      <Dialog.Root
        open={open}
        onOpenChange={(details) => {
          if (pending && !details.open) return; // no closing while the API answers
          setOpen(details.open);
          if (details.open) {
            setValues(empty);
            setProblem(null);
            setSubmitted(false);
          }
        }}
        closeOnEscape={!pending}
        closeOnInteractOutside={!pending}
        initialFocusEl={() => inputs.current.currentPassword ?? null}
        placement="center"
      >
        <Dialog.Trigger asChild>
          <Button type="button" variant="outline" colorPalette="gray" size="sm" flexShrink={0}>
            <KeyRound aria-hidden="true" /> Change Password
          </Button>
        </Dialog.Trigger>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="4">
            <Dialog.Content>
              <form noValidate onSubmit={submit} aria-label="Change your password">
                <Dialog.Header>
                  <Dialog.Title>Change your password</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="4">
                    <Dialog.Description color="fg.muted">
                      Your other devices are signed out; this one stays signed in.
                    </Dialog.Description>
                    {fields.map((field) => (
                      <Field.Root
                        key={field.name}
                        required
                        invalid={invalid(field.name)}
                        ids={field.name === 'newPassword' ? { helperText: hintId } : undefined}
                      >
                        <Field.Label>{field.label}</Field.Label>
                        <PasswordInput
                          ref={(element) => {
                            inputs.current[field.name] = element;
                          }}
                          name={field.name}
                          autoComplete={field.autoComplete}
                          value={values[field.name]}
                          onChange={change(field.name)}
                          aria-describedby={
                            [invalid(field.name) ? errorId : null, field.name === 'newPassword' ? hintId : null].filter(Boolean).join(' ') ||
                            undefined
                          }
                        />
                        {field.name === 'newPassword' ? (
                          <Field.HelperText>At least {PASSWORD_MIN_LENGTH} characters.</Field.HelperText>
                        ) : null}
                      </Field.Root>
                    ))}
                  </Stack>
                  {/* A live region from the start, so a message that appears in it is read out. */}
                  <Box role="alert" mt={message ? '4' : '0'}>
                    <FormError id={errorId} message={message} />
                  </Box>
                </Dialog.Body>
                <Dialog.Footer>
                  <Dialog.ActionTrigger asChild>
                    <Button type="button" variant="outline" colorPalette="gray" disabled={pending}>
                      Cancel
                    </Button>
                  </Dialog.ActionTrigger>
                  <Button type="submit" colorPalette="brand" loading={pending} loadingText="Changing…">
                    Change Password
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
