import { useId } from 'react';
import { Button, Field, Input, Link, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { AuthLayout } from '../../components/AuthLayout/AuthLayout';
import { EmailField, FormError, OrDivider } from '../../components/AuthLayout/AuthFormParts';
import { ProviderButtons } from '../../components/AuthLayout/ProviderButtons';
import { useAuthForm } from '../../components/AuthLayout/useAuthForm';
import { PasswordInput } from '../../components/PasswordInput/PasswordInput';
import { credentialsProblem, PASSWORD_MIN_LENGTH, validateRegister } from '../../domain/auth';
import type { RegisterValues } from '../../api/auth/contract';
import type { Provider } from '../../domain/oauth';

export type RegisterScreenProps = {
  isSubmitting: boolean;
  /** Called with a valid form only (name and email trimmed). */
  onSubmit(values: RegisterValues): void;
  /** Where "Continue with Google/GitHub" starts, or null when the server has that provider off. */
  providers: Record<Provider, string | null>;
};

/** /register, "Create Account": Full Name, Email and Password, all required, checked by src/domain/auth.ts's rules. */
export function RegisterScreen({ isSubmitting, onSubmit, providers }: RegisterScreenProps) {
  const { values, change, submit, fieldProps, message, errorId } = useAuthForm<RegisterValues>({
    initial: { username: '', email: '', password: '' },
    validate: (v) => credentialsProblem(v, validateRegister),
    isSubmitting,
    onValid: (v) => onSubmit({ username: v.username.trim(), email: v.email.trim(), password: v.password }),
  });
  const passwordHintId = useId();

  const username = fieldProps('username');
  const email = fieldProps('email');
  const password = fieldProps('password', passwordHintId);

  return (
    <AuthLayout
      title="Create Account"
      subtitle="Join PathForge and start building real projects. No credit card required."
      footer={
        <>
          Already have an account?{' '}
          <Link asChild color="brand.fg" fontWeight="semibold">
            <RouterLink to="/login">Sign In</RouterLink>
          </Link>
        </>
      }
    >
      <Stack gap="5">
        <Stack asChild gap="5">
          <form noValidate onSubmit={submit} aria-label="Create account">
            <Field.Root required invalid={username.invalid}>
              <Field.Label>Full Name</Field.Label>
              <Input
                name="username"
                autoComplete="name"
                placeholder="Ada Lovelace"
                size="lg"
                value={values.username}
                onChange={change('username')}
                aria-describedby={username.describedBy}
              />
            </Field.Root>
            <EmailField value={values.email} onChange={change('email')} field={email} />
            <Field.Root required invalid={password.invalid} ids={{ helperText: passwordHintId }}>
              <Field.Label>Password</Field.Label>
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
            <FormError id={errorId} message={message} />
            <Button type="submit" colorPalette="brand" size="lg" width="full" loading={isSubmitting} loadingText="Creating account…">
              Sign Up
            </Button>
          </form>
        </Stack>
        <OrDivider />
        <ProviderButtons providers={providers} disabled={isSubmitting} />
      </Stack>
    </AuthLayout>
  );
}
