import { useId, type JSX } from 'react';
import { Button, Stack, Text } from '@chakra-ui/react';
import { LinkButton } from '../LinkButton/LinkButton';
import { PROVIDERS, providerLabels, type Provider } from '../../domain/oauth';
import { GoogleMark } from './AuthFormParts';

/** GitHub's mark, drawn inline in the text colour (no external image; lucide has no brand icons). */
export function GitHubMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 16 16" aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27.68 0 1.36.09 2 .27 1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8.013 8.013 0 0016 8c0-4.42-3.58-8-8-8z" />
    </svg>
  );
}

export const providerMarks: Record<Provider, () => JSX.Element> = { google: GoogleMark, github: GitHubMark };

/** Why a provider's button is disabled: the server has no credentials for it. */
export const providerUnavailable = (provider: Provider) => `${providerLabels[provider]} sign-in is not set up on this server yet.`;

export type ProviderButtonsProps = {
  /** Where each provider's sign-in starts (a link to the API), or null when this server has it off. */
  providers: Record<Provider, string | null>;
  /** While the email form is being sent: every button disabled. */
  disabled?: boolean;
};

/**
 * "Continue with Google" and "Continue with GitHub", the same on sign-in and registration. Each is
 * a link (it works before the app runs, and the CSP allows no form to leave the page); a provider
 * the server has off is a disabled button with the reason under it.
 */
export function ProviderButtons({ providers, disabled = false }: ProviderButtonsProps) {
  const reasonId = useId();
  const off = PROVIDERS.filter((provider) => providers[provider] === null);
  return (
    <Stack gap="3">
      {PROVIDERS.map((provider) => {
        const Mark = providerMarks[provider];
        const href = providers[provider];
        const label = `Continue with ${providerLabels[provider]}`;
        if (href === null || disabled) {
          return (
            <Button
              key={provider}
              type="button"
              variant="outline"
              size="lg"
              width="full"
              colorPalette="gray"
              disabled
              aria-describedby={href === null ? `${reasonId}-${provider}` : undefined}
            >
              <Mark />
              {label}
            </Button>
          );
        }
        return (
          <LinkButton key={provider} href={href} variant="outline" size="lg" width="full" colorPalette="gray">
            <Mark />
            {label}
          </LinkButton>
        );
      })}
      {off.map((provider) => (
        <Text key={provider} id={`${reasonId}-${provider}`} fontSize="sm" color="fg.muted" textAlign="center">
          {providerUnavailable(provider)}
        </Text>
      ))}
    </Stack>
  );
}
