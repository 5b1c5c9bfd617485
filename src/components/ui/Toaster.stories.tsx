import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Button, HStack } from '@chakra-ui/react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { TOAST_DURATION_MS, notify, type ToastType } from './toaster';

/**
 * PathForge's toasts: top-right, always dark, closing after 5000 ms and paused while
 * hovered, in four types. The region itself is mounted by UiProvider (as in the app).
 */
function ToastDemo() {
  const examples: [ToastType, string][] = [
    ['success', 'Logged in successfully'],
    ['error', 'Invalid email or password'],
    ['info', 'Google sign-in is not available yet. Please use your email and password.'],
    ['warning', 'Your session ends in 2 minutes.'],
  ];
  return (
    <Box p="8" bg="page" minH="100dvh">
      <HStack gap="3" wrap="wrap">
        {examples.map(([type, title]) => (
          <Button key={type} variant="outline" onClick={() => notify(type, title)}>
            Show {type}
          </Button>
        ))}
      </HStack>
    </Box>
  );
}

const meta = {
  title: 'Components/Toaster',
  component: ToastDemo,
} satisfies Meta<typeof ToastDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

async function showAll(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  for (const type of ['success', 'error', 'info', 'warning']) {
    await userEvent.click(canvas.getByRole('button', { name: `Show ${type}` }));
  }
  const titles = [
    'Logged in successfully',
    'Invalid email or password',
    'Google sign-in is not available yet. Please use your email and password.',
    'Your session ends in 2 minutes.',
  ];
  for (const title of titles) {
    const toast = await screen.findByRole('status', { name: title }, { timeout: 5000 });
    await waitFor(() => expect(toast).toBeVisible());
  }
}

export const EachType: Story = {
  play: async ({ canvasElement }) => {
    await expect(TOAST_DURATION_MS).toBe(5000);
    await showAll(canvasElement);
    // Top-right: the newest toast sits at the top, every toast at the right edge.
    const newest = (await screen.findByRole('status', { name: 'Your session ends in 2 minutes.' })).getBoundingClientRect();
    await expect(newest.top).toBeLessThan(120);
    for (const toast of screen.getAllByRole('status')) {
      await expect(toast.getBoundingClientRect().right).toBeGreaterThan(window.innerWidth - 80);
    }
  },
};

export const Dismiss: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show error' }));
    const toast = await screen.findByRole('status', { name: 'Invalid email or password' }, { timeout: 5000 });
    await userEvent.click(within(toast).getByRole('button', { name: 'Dismiss notification' }));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Invalid email or password' })).toBeNull());
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => showAll(canvasElement),
};
