import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Text } from '@chakra-ui/react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RemoteView } from './RemoteView';

/** How every app page shows its data while it loads, when it fails, and when it is there. */
const meta = {
  title: 'Components/RemoteView',
  component: RemoteView<string>,
  decorators: [
    (Story) => (
      <Box p="8" bg="page" minH="100dvh">
        <Story />
      </Box>
    ),
  ],
  args: {
    loadingLabel: 'Loading learning paths',
    remote: { status: 'ready', data: 'Six learning paths' },
    children: (data: string) => <Text>{data}</Text>,
  },
} satisfies Meta<typeof RemoteView<string>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Six learning paths')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { remote: { status: 'loading' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading learning paths' })).toBeInTheDocument();
  },
};

const onRetry = fn();
export const Error: Story = {
  args: {
    remote: {
      status: 'error',
      message: 'We can’t reach PathForge right now. Check your connection and try again.',
      onRetry,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('We couldn’t load this page')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(onRetry).toHaveBeenCalled();
  },
};

export const ErrorMobile: Story = { ...Error, globals: { viewport: { value: 'mobile' } } };
