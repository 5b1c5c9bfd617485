import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Button, Field, Flex, Stack, Text } from '@chakra-ui/react';
import { KeyRound } from 'lucide-react';
import { ActionDialog } from '../../../components/ActionDialog/ActionDialog';
import { PasswordInput } from '../../../components/PasswordInput/PasswordInput';
import { PASSWORD_MIN_LENGTH } from '../../../domain/auth';
import { accountMessages } from '../../../domain/account';
import type { ActionState } from '../../../components/RemoteView/remote';
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
    if (seenStatus === 'pending' && state.status === 'success') setOpen(false);
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
  const submit = () => {
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
      <ActionDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) {
            setValues(empty);
            setProblem(null);
            setSubmitted(false);
          }
        }}
        pending={pending}
        initialFocus={() => inputs.current.currentPassword ?? null}
        trigger={
          <Button type="button" variant="outline" colorPalette="gray" size="sm" flexShrink={0}>
            <KeyRound aria-hidden="true" /> Change Password
          </Button>
        }
        title="Change your password"
        description="Your other devices are signed out; this one stays signed in."
        formLabel="Change your password"
        confirmLabel="Change Password"
        pendingLabel="Changing…"
        onConfirm={submit}
        message={message}
        messageId={errorId}
      >
        {fields.map((field) => (
          <Field.Root key={field.name} required invalid={invalid(field.name)} ids={field.name === 'newPassword' ? { helperText: hintId } : undefined}>
            <Field.Label>{field.label}</Field.Label>
            <PasswordInput
              ref={(element) => {
                inputs.current[field.name] = element;
              }}
              name={field.name}
              autoComplete={field.autoComplete}
              value={values[field.name]}
              onChange={change(field.name)}
              aria-describedby={[invalid(field.name) ? errorId : null, field.name === 'newPassword' ? hintId : null].filter(Boolean).join(' ') || undefined}
            />
            {field.name === 'newPassword' ? <Field.HelperText>At least {PASSWORD_MIN_LENGTH} characters.</Field.HelperText> : null}
          </Field.Root>
        ))}
      </ActionDialog>
    </Flex>
  );
}
