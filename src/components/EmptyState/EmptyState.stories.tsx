import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, Box } from '@chakra-ui/react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SearchX, Compass } from 'lucide-react';

import { EmptyState } from './EmptyState';

const meta = {
  title: 'Components/EmptyState',
  component: EmptyState,
  decorators: [
    (Story) => (
      <Box p="8" bg="page" minH="100dvh">
        <Story />
      </Box>
    ),
  ],
  args: {
    icon: <SearchX />,
    title: 'No paths match your search',
    description: 'Try another word, or clear the filters to see every path.',
  },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithAction: Story = {
  args: { action: <Button onClick={fn()}>Clear filters</Button> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'No paths match your search' })).toBeVisible();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Clear filters' })).toHaveFocus();
  },
};

export const TitleOnly: Story = { args: { description: undefined, icon: <Compass /> } };

export const AsPageHeading: Story = {
  args: { as: 'h1', title: 'Path not found', description: 'It may have been renamed or removed.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1, name: 'Path not found' })).toBeVisible();
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile' } }, args: { action: <Button>Clear filters</Button> } };
