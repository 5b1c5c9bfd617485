import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { sampleUser } from '../../fixtures/user';
import { emailLinkMessages } from '../../domain/account';
import { EmailConfirmBanner, EMAIL_NOT_CONFIRMED_TITLE } from './EmailConfirmBanner';

const meta = {
  title: 'Components/EmailConfirmBanner',
  component: EmailConfirmBanner,
  args: { email: sampleUser.email, resend: { status: 'idle' }, onResend: fn() },
  render: (args) => (
    <Box p="6" bg="page">
      <EmailConfirmBanner {...args} />
    </Box>
  ),
} satisfies Meta<typeof EmailConfirmBanner>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Not confirmed yet: where the link went, and Resend link. */
export const NotConfirmed: Story = {
  name: 'Email not confirmed',
  play: async ({ args, canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('region', { name: 'Please confirm your email address' })).toBeVisible();
    await expect(c.getByText(`We sent a link to ${sampleUser.email}. Open it to confirm this is your address.`)).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Resend link' }));
    await expect(args.onResend).toHaveBeenCalledTimes(1);
  },
};

export const Sending: Story = {
  name: 'Sending a new link',
  args: { resend: { status: 'pending' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /Sending/ })).toBeDisabled();
  },
};

export const Sent: Story = {
  name: 'New link sent',
  args: { resend: { status: 'success' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(`A new link is on its way to ${sampleUser.email}. Open it to confirm the address.`)).toBeVisible();
    await expect(c.getByRole('button', { name: 'Resend link' })).toBeDisabled();
  },
};

export const Failed: Story = {
  name: 'Link not sent',
  args: { resend: { status: 'error', message: 'Too many attempts. Try again in 37 minutes.' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Too many attempts. Try again in 37 minutes.')).toBeVisible();
    await expect(c.getByRole('button', { name: 'Resend link' })).toBeEnabled();
  },
};

/** A server with no mail server (production without SMTP_URL): no link went, and none can be asked for. */
export const EmailNotSetUp: Story = {
  name: 'Email not set up on this server',
  args: { emailSetUp: false },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('region', { name: EMAIL_NOT_CONFIRMED_TITLE })).toBeVisible();
    await expect(c.getByText(emailLinkMessages.notSentHere(sampleUser.email))).toBeVisible();
    // Nothing claims a link was sent, and nothing offers to send one.
    await expect(c.queryByText(/We sent a link|on its way/)).not.toBeInTheDocument();
    await expect(c.queryByRole('button', { name: 'Resend link' })).not.toBeInTheDocument();
  },
};
