import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Box } from '@chakra-ui/react';
import { Logo } from './Logo';

const meta = {
  title: 'Components/Logo',
  component: Logo,
  decorators: [
    (Story) => (
      <Box p="6" bg="page">
        {Story()}
      </Box>
    ),
  ],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Logo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Forge')).toBeVisible();
  },
};
export const Small: Story = { args: { size: 'sm' } };
export const Large: Story = { args: { size: 'lg' } };
export const MarkOnly: Story = {
  args: { markOnly: true },
  play: async ({ canvasElement }) => {
    // The word mark is hidden visually but still names the logo for screen readers.
    await expect(within(canvasElement).getByText('PathForge')).toBeInTheDocument();
  },
};
