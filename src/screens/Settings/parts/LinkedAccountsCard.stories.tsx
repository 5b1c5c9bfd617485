import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { linkedBoth, linkedGitHubOnlyNoPassword, linkedGoogle, linkedNoneProvidersOff } from '../../../fixtures';
import { oauthErrorMessage, oauthMessages } from '../../../domain/oauth';
import { providerUnavailable } from '../../../components/AuthLayout/ProviderButtons';
import { LinkedAccountsCard, type LinkedAccountsCardProps } from './LinkedAccountsCard';

/** The section as it sits on the Settings page (the page's width and background). */
function OnSettingsPage(props: LinkedAccountsCardProps) {
  return (
    <Box p={{ base: '4', md: '8' }} bg="page" minH="100dvh">
      <Box maxW="4xl">
        <LinkedAccountsCard {...props} />
      </Box>
    </Box>
  );
}

const meta = {
  title: 'Screens/Settings/Linked accounts',
  component: OnSettingsPage,
  parameters: { layout: 'fullscreen', route: '/app/settings' },
  args: { accounts: { status: 'ready', data: linkedGoogle }, onLink: fn(), onUnlink: fn() },
} satisfies Meta<typeof OnSettingsPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const GoogleLinked: Story = {
  name: 'Google linked, GitHub not',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Linked: ada@example.com')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Link GitHub' }));
    await expect(args.onLink).toHaveBeenCalledWith('github');
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

export const Opening: Story = {
  name: 'Going to GitHub',
  args: { busy: 'github' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Opening GitHub…' })).toBeDisabled();
    await expect(c.getByRole('button', { name: 'Unlink Google' })).toBeDisabled();
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
