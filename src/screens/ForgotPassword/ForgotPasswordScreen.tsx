import { useEffect, useRef } from 'react';
import { Button, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { MailCheck } from 'lucide-react';
import { AuthLayout } from '../../components/AuthLayout/AuthLayout';
import { BackToSignIn, EmailField, FormError } from '../../components/AuthLayout/AuthFormParts';
import { useAuthForm } from '../../components/AuthLayout/useAuthForm';
import { authApiMessages, validateEmailOnly } from '../../domain/auth';
import { LinkButton } from '../../components/LinkButton/LinkButton';

export type ForgotPasswordStatus = 'idle' | 'submitting' | 'sent';

export type ForgotPasswordScreenProps = {
  status: ForgotPasswordStatus;
  /** Called with a valid, trimmed email only. */
  onSubmit(values: { email: string }): void;
};

/** /forgotPassword: a required email, Send Reset Link, and a way back to sign in. */
export function ForgotPasswordScreen({ status, onSubmit }: ForgotPasswordScreenProps) {
  const submitting = status === 'submitting';
  const { values, change, submit, fieldProps, message, errorId } = useAuthForm({
    initial: { email: '' },
    validate: ({ email }) => {
      const problem = validateEmailOnly(email);
      return problem === null ? null : { message: problem, fields: ['email'] };
    },
    isSubmitting: submitting,
    onValid: ({ email }) => onSubmit({ email: email.trim() }),
  });
  const titleRef = useRef<HTMLHeadingElement>(null);
  const previous = useRef(status);

  // The form is replaced by the confirmation: move focus to its heading so it is read out
  // (only on the change, not when the screen opens in the "sent" state).
  useEffect(() => {
    if (status === 'sent' && previous.current !== 'sent') titleRef.current?.focus();
    previous.current = status;
  }, [status]);

  if (status === 'sent') {
    return (
      <AuthLayout title="Check your email" titleRef={titleRef}>
        <Stack gap="5">
          <HStack align="flex-start" gap="3" bg="brand.subtle" borderWidth="1px" borderColor="brand.muted" rounded="lg" p="4">
            <Icon color="brand.fg" boxSize="5" mt="0.5" flexShrink={0}>
              <MailCheck aria-hidden="true" />
            </Icon>
            <Text fontWeight="medium">{authApiMessages.resetRequested}</Text>
          </HStack>
          <Text color="fg.muted" fontSize="sm">
            The link works once and expires after 30 minutes. Nothing there? Check your spam folder.
          </Text>
          <LinkButton asChild colorPalette="brand" size="lg" width="full">
            <RouterLink to="/login">Back to Sign In</RouterLink>
          </LinkButton>
        </Stack>
      </AuthLayout>
    );
  }

  const field = fieldProps('email');

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email you signed up with and we’ll send you a link to choose a new password."
      footer={<BackToSignIn />}
    >
      <Stack asChild gap="5">
        <form noValidate onSubmit={submit} aria-label="Request a password reset link">
          <EmailField value={values.email} onChange={change('email')} field={field} />
          <FormError id={errorId} message={message} />
          <Button type="submit" colorPalette="brand" size="lg" width="full" loading={submitting} loadingText="Sending…">
            Send Reset Link
          </Button>
        </form>
      </Stack>
    </AuthLayout>
  );
}
