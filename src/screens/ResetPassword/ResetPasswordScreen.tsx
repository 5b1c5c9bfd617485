import { useEffect, useId, useRef } from 'react';
import { Button, Field, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { AuthLayout } from '../../components/AuthLayout/AuthLayout';
import { Notice } from '../../components/Notice/Notice';
import { BackToSignIn, FormError } from '../../components/AuthLayout/AuthFormParts';
import { useAuthForm } from '../../components/AuthLayout/useAuthForm';
import { PasswordInput } from '../../components/PasswordInput/PasswordInput';
import { authApiMessages, PASSWORD_MIN_LENGTH } from '../../domain/auth';
import { validateNewPassword, type NewPasswordValues } from './parts/validateNewPassword';
import { LinkButton } from '../../components/LinkButton/LinkButton';

export type ResetPasswordStatus = 'idle' | 'submitting' | 'done';

export type ResetPasswordScreenProps = {
  /** From the emailed link (`/resetPassword?token=…`); null when the link has none. */
  token: string | null;
  status: ResetPasswordStatus;
  /** Called with a valid new password only (the container adds the token). */
  onSubmit(values: { password: string }): void;
};

/** /resetPassword?token=…: choose a new password from an emailed link. */
export function ResetPasswordScreen({ token, status, onSubmit }: ResetPasswordScreenProps) {
  const submitting = status === 'submitting';
  const { values, change, submit, fieldProps, message, errorId } = useAuthForm<NewPasswordValues>({
    initial: { password: '', confirm: '' },
    validate: validateNewPassword,
    isSubmitting: submitting,
    onValid: (v) => onSubmit({ password: v.password }),
  });
  const hintId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const previous = useRef(status);

  // The form is replaced by the confirmation: move focus to its heading so it is read out.
  useEffect(() => {
    if (status === 'done' && previous.current !== 'done') titleRef.current?.focus();
    previous.current = status;
  }, [status]);

  if (!token) {
    return (
      <AuthLayout title="Reset link not valid" footer={<BackToSignIn />}>
        <Stack gap="5">
          <Notice tone="error">{authApiMessages.resetLinkInvalid}</Notice>
          <Text color="fg.muted" fontSize="sm">
            Each link works once and expires after 30 minutes. Ask for a new one and use the latest email.
          </Text>
          <LinkButton asChild colorPalette="brand" size="lg" width="full">
            <RouterLink to="/forgotPassword">Request a new link</RouterLink>
          </LinkButton>
        </Stack>
      </AuthLayout>
    );
  }

  if (status === 'done') {
    return (
      <AuthLayout title="Password updated" titleRef={titleRef}>
        <Stack gap="5">
          <Notice tone="success">{authApiMessages.passwordReset}</Notice>
          <Text color="fg.muted" fontSize="sm">
            For your security, you have been signed out everywhere. Sign in with your new password.
          </Text>
          <LinkButton asChild colorPalette="brand" size="lg" width="full">
            <RouterLink to="/login">Sign In</RouterLink>
          </LinkButton>
        </Stack>
      </AuthLayout>
    );
  }

  const password = fieldProps('password', hintId);
  const confirm = fieldProps('confirm');

  return (
    <AuthLayout title="Choose a new password" subtitle="Pick something you don’t use on other sites." footer={<BackToSignIn />}>
      <Stack asChild gap="5">
        <form noValidate onSubmit={submit} aria-label="Set a new password">
          <Field.Root required invalid={password.invalid} ids={{ helperText: hintId }}>
            <Field.Label>New password</Field.Label>
            <PasswordInput
              name="password"
              autoComplete="new-password"
              size="lg"
              value={values.password}
              onChange={change('password')}
              aria-describedby={password.describedBy}
            />
            <Field.HelperText>At least {PASSWORD_MIN_LENGTH} characters.</Field.HelperText>
          </Field.Root>
          <Field.Root required invalid={confirm.invalid}>
            <Field.Label>Confirm password</Field.Label>
            <PasswordInput
              name="confirm"
              autoComplete="new-password"
              size="lg"
              value={values.confirm}
              onChange={change('confirm')}
              aria-describedby={confirm.describedBy}
            />
          </Field.Root>
          <FormError id={errorId} message={message} />
          <Button type="submit" colorPalette="brand" size="lg" width="full" loading={submitting} loadingText="Saving…">
            Reset Password
          </Button>
        </form>
      </Stack>
    </AuthLayout>
  );
}
