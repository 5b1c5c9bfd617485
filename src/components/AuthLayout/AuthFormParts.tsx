import type { ChangeEvent } from 'react';
import { Alert, Field, HStack, Input, Link, Separator, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowLeft, CircleAlert } from 'lucide-react';

/**
 * The message of the last failed submit, shown near the submit button of every sign-in form.
 *
 * It is not a live region: the error toast (in the aria-live toast region) announces the message
 * once; this copy stays on screen after the toast has gone and is linked to the invalid fields
 * with `aria-describedby`, so a screen reader reads it again when the learner returns to a field.
 */
export function FormError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <Alert.Root id={id} status="error" variant="subtle" size="sm" borderRadius="lg" alignItems="center">
      <Alert.Indicator>
        <CircleAlert aria-hidden="true" />
      </Alert.Indicator>
      <Alert.Title fontWeight="medium">{message}</Alert.Title>
    </Alert.Root>
  );
}

/** Google's "G" mark, drawn inline (no external image). */
export function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path fill="#4285F4" d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z" />
      <path fill="#FBBC05" d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z" />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}

/** The "or" between the email form and the provider buttons. */
export function OrDivider() {
  return (
    <HStack gap="3" my="1" aria-hidden="true">
      <Separator flex="1" />
      <Text fontSize="sm" color="fg.muted" flexShrink={0}>
        or
      </Text>
      <Separator flex="1" />
    </HStack>
  );
}

/** The way back from the password-recovery screens. */
export function BackToSignIn() {
  return (
    <Link asChild color="brand.fg" fontWeight="semibold">
      <RouterLink to="/login">
        <ArrowLeft size={16} aria-hidden="true" />
        Back to Sign In
      </RouterLink>
    </Link>
  );
}

/** The required email field of every sign-in form (sign in, create account, forgot password). */
export function EmailField({
  value,
  onChange,
  field,
}: {
  value: string;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  /** From useAuthForm's `fieldProps('email')`. */
  field: { invalid: boolean; describedBy?: string };
}) {
  return (
    <Field.Root required invalid={field.invalid}>
      <Field.Label>Email</Field.Label>
      <Input
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        size="lg"
        value={value}
        onChange={onChange}
        aria-describedby={field.describedBy}
      />
    </Field.Root>
  );
}
