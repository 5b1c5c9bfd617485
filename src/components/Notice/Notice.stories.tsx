import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { expect, within } from 'storybook/test';
import { Notice } from './Notice';

const meta = {
  title: 'Components/Notice',
  component: Notice,
  render: (args) => (
    <Box p="6" bg="page" maxW="md">
      <Notice {...args} />
    </Box>
  ),
} satisfies Meta<typeof Notice>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A link that did what it promised. */
export const Success: Story = {
  args: { tone: 'success', children: 'Your password has been reset.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Your password has been reset.')).toBeVisible();
  },
};

/** A link that did nothing, and why. */
export const Failure: Story = {
  args: { tone: 'error', children: 'This reset link is invalid or has expired.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('This reset link is invalid or has expired.')).toBeVisible();
  },
};
