import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { emailLinkMessages } from '../../domain/account';
import { newEmail } from '../../fixtures/settings';
import { sampleUser } from '../../fixtures/user';
import { EmailLinkScreen, emailLinkTexts } from './EmailLinkScreen';

const meta = {
  title: 'Screens/EmailLink',
  component: EmailLinkScreen,
  parameters: { layout: 'fullscreen', route: '/confirm-email?token=abc123' },
  args: { kind: 'confirm', state: { status: 'checking' }, signedIn: false, onConfirm: fn(), onRetry: fn() },
} satisfies Meta<typeof EmailLinkScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const unreachable = 'The server could not be reached. Check your connection and try again.';

export const ConfirmReady: Story = {
  name: 'Confirmation link waiting for the click',
  args: { state: { status: 'ready' } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeVisible();
    await expect(c.getByText(emailLinkTexts.confirm.ready)).toBeVisible();
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await userEvent.click(c.getByRole('button', { name: emailLinkTexts.confirm.button }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await expect(args.onRetry).not.toHaveBeenCalled();
  },
};

export const Checking: Story = {
  name: 'Checking the confirmation link',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Confirming your email address' })).toBeVisible();
    await expect(c.getByText('Checking your link…')).toBeVisible();
    await expect(c.queryByRole('button')).not.toBeInTheDocument();
  },
};

export const Confirmed: Story = {
  parameters: { screenshot: { phone: true } },
  name: 'Email confirmed',
  args: { state: { status: 'done', message: emailLinkMessages.confirmed, email: newEmail }, signedIn: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Email address confirmed' })).toHaveFocus();
    await expect(c.getByText(emailLinkMessages.confirmed)).toBeVisible();
    await expect(c.getByText(`You sign in with ${newEmail}, and password reset links go there.`)).toBeVisible();
    await expect(c.getByRole('link', { name: 'Continue to PathForge' })).toHaveAttribute('href', '/app/dashboard');
  },
};

export const ConfirmedSignedOut: Story = {
  name: 'Email confirmed on another device',
  args: { state: { status: 'done', message: emailLinkMessages.confirmed, email: sampleUser.email } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  },
};

export const ConfirmInvalid: Story = {
  name: 'Confirmation link invalid or expired',
  args: { state: { status: 'invalid' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Link not valid' })).toBeVisible();
    await expect(c.getByText(emailLinkMessages.invalid)).toBeVisible();
    await expect(c.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  },
};

export const ConfirmError: Story = {
  name: 'Confirmation not reached',
  args: { state: { status: 'error', message: unreachable } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Your email is not confirmed yet' })).toBeVisible();
    await expect(c.getByText(unreachable)).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const UndoReady: Story = {
  name: 'Undo link waiting for the click',
  args: { kind: 'undo', state: { status: 'ready' } },
  parameters: { route: '/undo-email-change?token=abc123' },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Undo the email change' })).toBeVisible();
    await expect(c.getByText(emailLinkTexts.undo.ready)).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: emailLinkTexts.undo.button }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
};

export const UndoChecking: Story = {
  name: 'Checking the undo link',
  args: { kind: 'undo' },
  parameters: { route: '/undo-email-change?token=abc123' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1, name: 'Undoing the email change' })).toBeVisible();
  },
};

export const Undone: Story = {
  name: 'Email change undone',
  args: { kind: 'undo', state: { status: 'done', message: emailLinkMessages.undone, email: sampleUser.email } },
  parameters: { route: '/undo-email-change?token=abc123' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Email change undone' })).toHaveFocus();
    await expect(c.getByText(emailLinkMessages.undone)).toBeVisible();
    await expect(c.getByRole('link', { name: 'Reset your password' })).toHaveAttribute('href', '/forgotPassword');
    await expect(c.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  },
};

export const UndoInvalid: Story = {
  name: 'Undo link invalid or expired',
  args: { kind: 'undo', state: { status: 'invalid' } },
  parameters: { route: '/undo-email-change?token=abc123' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(emailLinkMessages.invalid)).toBeVisible();
    await expect(c.getByRole('link', { name: 'Reset your password' })).toHaveAttribute('href', '/forgotPassword');
  },
};

export const UndoError: Story = {
  name: 'Undo not reached',
  args: { kind: 'undo', state: { status: 'error', message: unreachable } },
  parameters: { route: '/undo-email-change?token=abc123' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'The email change is not undone yet' })).toBeVisible();
    await expect(c.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
