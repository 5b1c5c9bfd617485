import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, Field, HStack, Link, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { AuthLayout } from '../../components/AuthLayout/AuthLayout';
import { EmailField, FormError, GoogleButton, OrDivider } from '../../components/AuthLayout/AuthFormParts';
import { PasswordInput } from '../../components/PasswordInput/PasswordInput';
import { useFormError } from '../../components/AuthLayout/useFormError';
import { credentialFieldsInError, validateLogin, type LoginValues } from '../../domain/auth';

export type LoginScreenProps = {
  isSubmitting: boolean;
  /** Filled in after registration, so the new learner only types the password. */
  defaultEmail?: string;
  /** Called with a valid form only (email trimmed). */
  onSubmit(values: LoginValues): void;
  onGoogle(): void;
};

type FieldName = keyof LoginValues;


/** /login (spec §2): email and password, with the §5 checks before anything is sent. */
export function LoginScreen({ isSubmitting, defaultEmail, onSubmit, onGoogle }: LoginScreenProps) {
  const [values, setValues] = useState<LoginValues>({ email: defaultEmail ?? '', password: '' });
  const { message, errorId, fail, clear, fieldProps } = useFormError<FieldName>();

  const change = (name: FieldName) => (event: ChangeEvent<HTMLInputElement>) => {
    // Read now, not in the updater: by the time it runs, React may have reset the element.
    const { value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const problem = validateLogin(values);
    if (problem) {
      fail(problem, credentialFieldsInError(problem, values));
      return;
    }
    clear();
    onSubmit({ email: values.email.trim(), password: values.password });
  };

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
              Sign In
            </Button>
          </form>
        </Stack>
        <OrDivider />
        <GoogleButton onClick={onGoogle} disabled={isSubmitting} />
      </Stack>
    </AuthLayout>
  );
}
