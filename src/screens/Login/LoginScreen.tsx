import { Alert, Button, Field, HStack, Link, Spinner, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { AuthLayout } from '../../components/AuthLayout/AuthLayout';
import { EmailField, FormError, OrDivider } from '../../components/AuthLayout/AuthFormParts';
import { ProviderButtons } from '../../components/AuthLayout/ProviderButtons';
import { PasswordInput } from '../../components/PasswordInput/PasswordInput';
import { useAuthForm } from '../../components/AuthLayout/useAuthForm';
import { credentialsProblem, validateLogin } from '../../domain/auth';
import type { LoginValues } from '../../api/auth/contract';
import { oauthMessages, providerLabels, type Provider } from '../../domain/oauth';

export type LoginScreenProps = {
  isSubmitting: boolean;
  /** Filled in after registration, so the new learner only types the password. */
  defaultEmail?: string;
  /** Called with a valid form only (email trimmed). */
  onSubmit(values: LoginValues): void;
  /** Where "Continue with Google/GitHub" starts, or null when the server has that provider off. */
  providers: Record<Provider, string | null>;
  /** What a provider sign-in left to say (read from the address the API sent the browser back to). */
  notice?: LoginNotice | null;
};

/**
 * - `error`: a provider sign-in ended without a session, and why.
 * - `link`: the provider's verified email belongs to an account: its password links them (the form's submit does).
 * - `finishing`: the provider signed the learner in; the app is taking the session up.
 */
export type LoginNotice = { kind: 'error'; message: string } | { kind: 'link'; provider: Provider } | { kind: 'finishing'; provider: Provider };

/** /login: email and password, checked by src/domain/auth.ts's rules before anything is sent. */
export function LoginScreen({ isSubmitting, defaultEmail, onSubmit, providers, notice = null }: LoginScreenProps) {
  const { values, change, submit, fieldProps, message, errorId } = useAuthForm<LoginValues>({
    initial: { email: defaultEmail ?? '', password: '' },
    validate: (v) => credentialsProblem(v, validateLogin),
    isSubmitting,
    onValid: (v) => onSubmit({ email: v.email.trim(), password: v.password }),
  });
  const email = fieldProps('email');
  const password = fieldProps('password');

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to pick up your learning path where you left off."
      footer={
        <>
          Don’t have an account?{' '}
          <Link asChild color="brand.fg" fontWeight="semibold">
            <RouterLink to="/register">Sign Up</RouterLink>
          </Link>
        </>
      }
    >
      <Stack gap="5">
        {notice?.kind === 'error' && (
          <Alert.Root status="error" variant="subtle" borderRadius="lg" role="alert">
            <Alert.Indicator />
            <Alert.Title fontWeight="medium">{notice.message}</Alert.Title>
          </Alert.Root>
        )}
        {notice?.kind === 'link' && (
          <Alert.Root status="info" variant="subtle" borderRadius="lg" role="status">
            <Alert.Indicator />
            <Alert.Title fontWeight="medium">{oauthMessages.confirmLink(notice.provider)}</Alert.Title>
          </Alert.Root>
        )}
        {notice?.kind === 'finishing' && (
          <Alert.Root status="neutral" variant="subtle" borderRadius="lg" role="status" alignItems="center">
            <Spinner size="sm" color="brand.solid" aria-hidden="true" />
            <Alert.Title fontWeight="medium">{`Finishing your ${providerLabels[notice.provider]} sign-in…`}</Alert.Title>
          </Alert.Root>
        )}
        <Stack asChild gap="5">
          <form noValidate onSubmit={submit} aria-label="Sign in">
            <EmailField value={values.email} onChange={change('email')} field={email} />
            <Field.Root required invalid={password.invalid}>
              <HStack justify="space-between" w="full">
                <Field.Label>Password</Field.Label>
                <Link asChild fontSize="sm" color="brand.fg" fontWeight="medium">
                  <RouterLink to="/forgotPassword">Forgot password</RouterLink>
                </Link>
              </HStack>
              <PasswordInput
                name="password"
                autoComplete="current-password"
                size="lg"
                value={values.password}
                onChange={change('password')}
                aria-describedby={password.describedBy}
              />
            </Field.Root>
            <FormError id={errorId} message={message} />
            <Button type="submit" colorPalette="brand" size="lg" width="full" loading={isSubmitting} loadingText="Signing in…">
              {notice?.kind === 'link' ? `Sign In and Link ${providerLabels[notice.provider]}` : 'Sign In'}
            </Button>
          </form>
        </Stack>
        <OrDivider />
        <ProviderButtons providers={providers} disabled={isSubmitting || notice?.kind === 'finishing'} />
      </Stack>
    </AuthLayout>
  );
}
