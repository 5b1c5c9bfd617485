import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, ChakraProvider } from '@chakra-ui/react';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { linkedBoth, linkedGitHubOnlyNoPassword, linkedGoogle, linkedGoogleNoPassword, linkedNoneProvidersOff, linkedNoneUnconfirmed } from '../../../fixtures';
import { accountMessages } from '../../../domain/account';
import { appSystem } from '../../../theme/app';
import { oauthErrorMessage, oauthMessages } from '../../../domain/oauth';
import { providerUnavailable } from '../../../components/AuthLayout/ProviderButtons';
import { LinkedAccountsCard, type LinkedAccountsCardProps } from './LinkedAccountsCard';

/** The section as it sits on the Settings page (the page's width and background, the app area's recipes: its dialogs). */
function OnSettingsPage(props: LinkedAccountsCardProps) {
  return (
    <ChakraProvider value={appSystem}>
      <Box p={{ base: '4', md: '8' }} bg="page" minH="100dvh">
        <Box maxW="4xl">
          <LinkedAccountsCard {...props} />
        </Box>
      </Box>
    </ChakraProvider>
  );
}

const meta = {
  title: 'Screens/Settings/Linked accounts',
  component: OnSettingsPage,
  parameters: { layout: 'fullscreen', route: '/app/settings' },
  args: {
    accounts: { status: 'ready', data: linkedGoogle },
    onLink: fn(),
    onUnlink: fn(),
    signInUrls: { google: 'http://localhost:4000/auth/oauth/google/start', github: 'http://localhost:4000/auth/oauth/github/start' },
  },
} satisfies Meta<typeof OnSettingsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const GoogleLinked: Story = {
  name: 'Google linked, GitHub not',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Linked: ada@example.com')).toBeVisible();
    await expect(c.getByRole('button', { name: 'Link GitHub' })).toBeEnabled();
    await userEvent.click(c.getByRole('button', { name: 'Unlink Google' }));
    await expect(args.onUnlink).toHaveBeenCalledWith('google');
  },
};

export const BothLinked: Story = {
  parameters: { screenshot: { phone: true } },
  name: 'Both linked',
  args: { accounts: { status: 'ready', data: linkedBoth } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Unlink Google' })).toBeEnabled();
    await expect(c.getByRole('button', { name: 'Unlink GitHub' })).toBeEnabled();
  },
};

export const LastWayToSignIn: Story = {
  name: 'The only way to sign in',
  args: { accounts: { status: 'ready', data: linkedGitHubOnlyNoPassword } },
  play: async ({ canvasElement }) => {
    const unlink = within(canvasElement).getByRole('button', { name: 'Unlink GitHub' });
    await expect(unlink).toBeDisabled();
    await expect(unlink).toHaveAccessibleDescription(oauthMessages.lastMethod);
  },
};

export const NotSetUp: Story = {
  name: 'Providers not set up',
  args: { accounts: { status: 'ready', data: linkedNoneProvidersOff } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Link Google' })).toHaveAccessibleDescription(providerUnavailable('google'));
    await expect(c.getByRole('button', { name: 'Link GitHub' })).toBeDisabled();
  },
};

/** Opens the Link dialog of `provider` and returns it. */
async function openLinkDialog(canvasElement: HTMLElement, provider: 'GitHub' | 'Google') {
  await userEvent.click(within(canvasElement).getByRole('button', { name: `Link ${provider}` }));
  return within(await screen.findByRole('dialog', { name: `Link ${provider}` }));
}

export const AskPassword: Story = {
  name: 'Linking GitHub asks for the password',
  parameters: { screenshot: { phone: true } },
  play: async ({ canvasElement, args }) => {
    const dialog = await openLinkDialog(canvasElement, 'GitHub');
    await expect(dialog.getByLabelText(/Current password/)).toHaveFocus();
    await userEvent.type(dialog.getByLabelText(/Current password/), 'Sturdy-pass-1');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue to GitHub' }));
    await expect(args.onLink).toHaveBeenCalledWith('github', 'Sturdy-pass-1');
  },
};

export const PasswordMissing: Story = {
  name: 'Linking without entering the password',
  play: async ({ canvasElement, args }) => {
    const dialog = await openLinkDialog(canvasElement, 'GitHub');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue to GitHub' }));
    await expect(dialog.getByRole('alert')).toHaveTextContent(oauthMessages.passwordToLink('github'));
    await expect(dialog.getByLabelText(/Current password/)).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onLink).not.toHaveBeenCalled();
  },
};

export const WrongPassword: Story = {
  name: 'Linking with a wrong password',
  args: { linking: { provider: 'github', state: { status: 'error', message: accountMessages.wrongPassword } } },
  play: async ({ canvasElement }) => {
    const dialog = await openLinkDialog(canvasElement, 'GitHub');
    await userEvent.type(dialog.getByLabelText(/Current password/), 'Not-it-at-all');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue to GitHub' }));
    await expect(dialog.getByRole('alert')).toHaveTextContent(accountMessages.wrongPassword);
    await expect(dialog.getByLabelText(/Current password/)).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Opening: Story = {
  name: 'Going to GitHub',
  args: { linking: { provider: 'github', state: { status: 'pending' } } },
  play: async ({ canvasElement }) => {
    const dialog = await openLinkDialog(canvasElement, 'GitHub');
    await expect(dialog.getByRole('button', { name: /Opening GitHub/ })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};

export const NoPasswordSignInAgain: Story = {
  name: 'Linking without a password: sign in again first',
  args: { accounts: { status: 'ready', data: linkedGoogleNoPassword } },
  play: async ({ canvasElement, args }) => {
    const dialog = await openLinkDialog(canvasElement, 'GitHub');
    await expect(dialog.getByText(oauthMessages.reauthExplain('github', ['google']))).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Sign in again with Google' })).toHaveAttribute('href', args.signInUrls.google);
    await userEvent.click(dialog.getByRole('button', { name: 'Continue to GitHub' }));
    await expect(args.onLink).toHaveBeenCalledWith('github', null);
  },
};

export const NoPasswordTooLate: Story = {
  name: 'Linking without a password, signed in too long ago',
  args: {
    accounts: { status: 'ready', data: linkedGoogleNoPassword },
    linking: { provider: 'github', state: { status: 'error', message: oauthMessages.signInAgainToLink('github', ['google']) } },
  },
  play: async ({ canvasElement }) => {
    const dialog = await openLinkDialog(canvasElement, 'GitHub');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue to GitHub' }));
    await expect(dialog.getByRole('alert')).toHaveTextContent(oauthMessages.signInAgainToLink('github', ['google']));
  },
};

export const EmailUnconfirmed: Story = {
  name: 'Email not confirmed yet',
  args: { accounts: { status: 'ready', data: linkedNoneUnconfirmed } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    for (const name of ['Link Google', 'Link GitHub']) {
      await expect(c.getByRole('button', { name })).toBeDisabled();
      await expect(c.getByRole('button', { name })).toHaveAccessibleDescription(oauthMessages.confirmEmailToLink);
    }
  },
};

export const Unlinking: Story = {
  name: 'Unlinking Google',
  args: { busy: 'google' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Unlinking Google…' })).toBeDisabled();
    await expect(c.getByRole('button', { name: 'Link GitHub' })).toBeDisabled();
  },
};

export const Linked: Story = {
  name: 'Back from GitHub, linked',
  args: { accounts: { status: 'ready', data: linkedBoth }, notice: { status: 'success', message: oauthMessages.linked('github') } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(oauthMessages.linked('github'));
  },
};

export const LinkRefused: Story = {
  name: 'Back from GitHub, refused',
  args: { notice: { status: 'error', message: oauthErrorMessage('identity_taken', 'github') } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(oauthErrorMessage('identity_taken', 'github'));
  },
};

export const Loading: Story = {
  args: { accounts: { status: 'loading' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading your linked accounts' })).toBeVisible();
  },
};

export const LoadError: Story = {
  name: 'Could not load',
  args: { accounts: { status: 'error', message: 'We can’t reach PathForge right now. Check your connection and try again.', onRetry: fn() } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: /try again/i }));
    if (args.accounts.status === 'error') await expect(args.accounts.onRetry).toHaveBeenCalled();
  },
};
