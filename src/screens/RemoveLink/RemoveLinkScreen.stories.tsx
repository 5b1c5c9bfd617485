import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { removeLinkTexts } from '../../domain/accountNotices';
import { RemoveLinkScreen } from './RemoveLinkScreen';

const meta = {
  title: 'Screens/RemoveLink',
  component: RemoveLinkScreen,
  parameters: { layout: 'fullscreen', route: '/remove-link?token=abc123' },
  args: { state: { status: 'ready' }, onRemove: fn() },
} satisfies Meta<typeof RemoveLinkScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const removed = `${removeLinkTexts.done({ provider: 'github', label: 'octocat@example.com' }, true)} ${removeLinkTexts.next}`;

export const Ready: Story = {
  parameters: { screenshot: { phone: true } },
  name: 'Asks for one click',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: removeLinkTexts.title })).toBeVisible();
    await expect(c.getByText(removeLinkTexts.explain)).toBeVisible();
    // Opening the page did nothing.
    await expect(args.onRemove).not.toHaveBeenCalled();
    await userEvent.click(c.getByRole('button', { name: removeLinkTexts.button }));
    await expect(args.onRemove).toHaveBeenCalledOnce();
  },
};

export const Removing: Story = {
  args: { state: { status: 'pending' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /Removing/ })).toBeDisabled();
  },
};

export const Removed: Story = {
  name: 'Removed and signed out',
  args: { state: { status: 'done', message: removed } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Removed, and signed out everywhere' })).toHaveFocus();
    await expect(c.getByText(removed)).toBeVisible();
    await expect(c.getByRole('link', { name: 'Reset your password' })).toHaveAttribute('href', '/forgotPassword');
  },
};

export const Invalid: Story = {
  name: 'Link used or expired',
  args: { state: { status: 'invalid', reason: 'refused' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(removeLinkTexts.invalid)).toBeVisible();
    await expect(c.queryByRole('button')).not.toBeInTheDocument();
  },
};

export const Missing: Story = {
  name: 'Link incomplete',
  args: { state: { status: 'invalid', reason: 'missing' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(removeLinkTexts.noToken)).toBeVisible();
  },
};

export const Unreachable: Story = {
  name: 'Could not be done',
  args: { state: { status: 'error', message: 'We can’t reach PathForge right now. Check your connection and try again.' } },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Try again' }));
    await expect(args.onRemove).toHaveBeenCalledOnce();
  },
};
