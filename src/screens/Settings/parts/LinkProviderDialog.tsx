import { useEffect, useId, useRef, useState } from 'react';
import { Field, Stack, Text } from '@chakra-ui/react';
import { ActionDialog } from '../../../components/ActionDialog/ActionDialog';
import { LinkButton } from '../../../components/LinkButton/LinkButton';
import { PasswordInput } from '../../../components/PasswordInput/PasswordInput';
import { PASSWORD_REFUSED } from '../../../domain/auth';
import { oauthMessages, providerLabels, type Provider } from '../../../domain/oauth';
import type { ActionState } from '../../../components/RemoteView/remote';

export type LinkProviderDialogProps = {
  provider: Provider;
  /** The account has a password: it is asked for. Without one, a fresh sign-in with `linked` stands in. */
  hasPassword: boolean;
  /** The providers already linked (an account without a password signs in again with one of them). */
  linked: Provider[];
  /** Where a sign-in with each provider starts. */
  signInUrls: Record<Provider, string>;
  /** How the API answered this dialog's last request (pending also while the browser goes to the provider). */
  state: ActionState;
  open: boolean;
  onOpenChange(open: boolean): void;
  onLink(password: string | null): void;
  /** The row's button that opens it. */
  trigger: React.ReactNode;
};

/**
 * Linking is a sensitive action: the current password first (or, for an account a provider made,
 * a sign-in with a linked provider minutes ago), then the browser goes to the provider. The API's
 * refusal (a wrong password, a sign-in too old) shows here.
 */
export function LinkProviderDialog({ provider, hasPassword, linked, signInUrls, state, open, onOpenChange, onLink, trigger }: LinkProviderDialogProps) {
  const name = providerLabels[provider];
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // The API's answer belongs to this dialog only after it was submitted from it.
  const [submitted, setSubmitted] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  const errorId = useId();
  const pending = state.status === 'pending' || (submitted && state.status === 'success');
  const serverMessage = submitted && state.status === 'error' ? state.message : null;
  const message = problem ?? serverMessage;
  const passwordInvalid = problem !== null || serverMessage === PASSWORD_REFUSED;

  useEffect(() => {
    if (serverMessage === PASSWORD_REFUSED) input.current?.focus();
  }, [serverMessage]);

  const submit = () => {
    if (hasPassword && password === '') {
      setProblem(oauthMessages.passwordToLink(provider));
      input.current?.focus();
      return;
    }
    setProblem(null);
    setSubmitted(true);
    onLink(hasPassword ? password : null);
  };

  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (next) {
          setPassword('');
          setProblem(null);
          setSubmitted(false);
        }
      }}
      pending={pending}
      initialFocus={hasPassword ? () => input.current : undefined}
      trigger={trigger}
      title={`Link ${name}`}
      description={
        hasPassword ? `Enter your current password, then sign in with ${name}. We email you when it is linked.` : oauthMessages.reauthExplain(provider, linked)
      }
      formLabel={`Link ${name}`}
      confirmLabel={`Continue to ${name}`}
      pendingLabel={`Opening ${name}…`}
      onConfirm={submit}
      message={message}
      messageId={errorId}
    >
      {hasPassword ? (
        <Field.Root required invalid={passwordInvalid}>
          <Field.Label>Current password</Field.Label>
          <PasswordInput
            ref={input}
            name="currentPassword"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              const { value } = event.target;
              setPassword(value);
              setProblem(null);
            }}
            aria-describedby={passwordInvalid ? errorId : undefined}
          />
        </Field.Root>
      ) : (
        <Stack gap="2" align="flex-start">
          <Text fontSize="sm" color="fg.muted">
            Signing in again starts a new session here.
          </Text>
          {linked.map((p) => (
            <LinkButton key={p} href={signInUrls[p]} variant="outline" colorPalette="gray" size="sm">
              {`Sign in again with ${providerLabels[p]}`}
            </LinkButton>
          ))}
        </Stack>
      )}
    </ActionDialog>
  );
}
