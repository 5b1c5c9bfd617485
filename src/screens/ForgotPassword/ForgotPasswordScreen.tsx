import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, HStack, Icon, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { MailCheck } from 'lucide-react';
import { AuthLayout } from '../../components/AuthLayout/AuthLayout';
import { BackToSignIn, EmailField, FormError } from '../../components/AuthLayout/AuthFormParts';
import { useFormError } from '../../components/AuthLayout/useFormError';
import { validateEmailOnly } from '../../domain/auth';
import { LinkButton } from '../../components/LinkButton/LinkButton';

export type ForgotPasswordStatus = 'idle' | 'submitting' | 'sent';

export type ForgotPasswordScreenProps = {
  status: ForgotPasswordStatus;
  /** Called with a valid, trimmed email only. */
  onSubmit(values: { email: string }): void;
};

/** The neutral answer: it never tells whether an account exists for the email. */
export const RESET_SENT_MESSAGE = 'If an account exists for that email, a reset link is on its way.';

/** /forgotPassword: a required email, Send Reset Link, and a way back to sign in. */
export function ForgotPasswordScreen({ status, onSubmit }: ForgotPasswordScreenProps) {
  const [email, setEmail] = useState('');
  const { message, errorId, fail, clear, fieldProps } = useFormError<'email'>();
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
            <Text fontWeight="medium">{RESET_SENT_MESSAGE}</Text>
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

  const submitting = status === 'submitting';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const problem = validateEmailOnly(email);
    if (problem) {
      fail(problem, ['email']);
      return;
    }
    clear();
    onSubmit({ email: email.trim() });
  };
  const field = fieldProps('email');

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email you signed up with and we’ll send you a link to choose a new password."
      footer={<BackToSignIn />}
    >
      <Stack asChild gap="5">
        <form noValidate onSubmit={submit} aria-label="Request a password reset link">
          <EmailField value={email} onChange={(event) => setEmail(event.target.value)} field={field} />
          <FormError id={errorId} message={message} />
          <Button type="submit" colorPalette="brand" size="lg" width="full" loading={submitting} loadingText="Sending…">
            Send Reset Link
          </Button>
        </form>
      </Stack>
    </AuthLayout>
  );
}
