import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { messages } from '../../api/common/client';
import { UnsubscribeScreen, unsubscribeTexts } from './UnsubscribeScreen';

const meta = {
  title: 'Screens/Unsubscribe',
  component: UnsubscribeScreen,
  parameters: { layout: 'fullscreen', route: '/unsubscribe/ZGlnZXN0LXRva2VuLWZvci10aGUtc3Rvcmllcw' },
  args: { state: { status: 'working' }, onConfirm: fn(), onRetry: fn() },
} satisfies Meta<typeof UnsubscribeScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  name: 'Unsubscribe link waiting for the click',
  args: { state: { status: 'ready' } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Unsubscribe from these emails' })).toBeVisible();
    await expect(c.getByText(unsubscribeTexts.ready)).toBeVisible();
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await userEvent.click(c.getByRole('button', { name: unsubscribeTexts.button }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
  },
};

export const Working: Story = {
  name: 'Unsubscribing',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Unsubscribing' })).toBeVisible();
    await expect(c.getByText('Turning these emails off…')).toBeVisible();
    await expect(c.queryByRole('button')).not.toBeInTheDocument();
  },
};

export const Done: Story = {
  parameters: { screenshot: { phone: true } },
  name: 'Weekly digest emails stopped',
  args: { state: { status: 'done', kind: 'digest' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Unsubscribed' })).toHaveFocus();
    await expect(c.getByText('You will no longer get weekly digest emails.')).toBeVisible();
    await expect(c.getByText(unsubscribeTexts.turnBackOn)).toBeVisible();
    await expect(c.getByRole('link', { name: 'Open Settings' })).toHaveAttribute('href', '/app/settings');
  },
};

export const Invalid: Story = {
  name: 'Unsubscribe link not valid',
  args: { state: { status: 'invalid' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Link not valid' })).toHaveFocus();
    await expect(c.getByText(unsubscribeTexts.invalid)).toBeVisible();
    await expect(c.getByRole('link', { name: 'Open Settings' })).toHaveAttribute('href', '/app/settings');
  },
};

export const Unreachable: Story = {
  name: 'Unsubscribe not reached',
  args: { state: { status: 'error', message: messages.unreachable } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'You are not unsubscribed yet' })).toBeVisible();
    await expect(c.getByText(messages.unreachable)).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};
