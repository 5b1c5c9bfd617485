import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { LoadErrorAlert } from './LoadErrorAlert';

const meta = {
  title: 'Components/LoadErrorAlert',
  component: LoadErrorAlert,
  args: {
    title: 'Your weekly goal could not be loaded.',
    message: 'The server could not be reached. Check your connection and try again.',
    onRetry: fn(),
  },
  render: (args) => (
    <Box p="6" bg="page">
      <LoadErrorAlert {...args} />
    </Box>
  ),
} satisfies Meta<typeof LoadErrorAlert>;
export default meta;
type Story = StoryObj<typeof meta>;

/** What failed, why, and Try again, which asks again. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Your weekly goal could not be loaded.')).toBeVisible();
    await expect(c.getByText(/could not be reached/)).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};
