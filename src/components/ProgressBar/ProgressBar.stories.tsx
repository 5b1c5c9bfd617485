import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, ChakraProvider } from '@chakra-ui/react';
import { expect, within } from 'storybook/test';
import { appSystem } from '../../theme/app';
import { ProgressBar } from './ProgressBar';

const meta = {
  title: 'Components/ProgressBar',
  component: ProgressBar,
  decorators: [
    // Progress is an app-area recipe (src/theme/app.ts), as on the screens that use this bar.
    (Story) => (
      <ChakraProvider value={appSystem}>
        <Box p="8" bg="page" maxW="md">
          <Story />
        </Box>
      </ChakraProvider>
    ),
  ],
  args: { percent: 38, label: 'Path progress' },
} satisfies Meta<typeof ProgressBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const PartWay: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('38%')).toBeVisible();
    await expect(c.getByRole('progressbar', { name: 'Path progress' })).toHaveAttribute('aria-valuenow', '38');
  },
};

export const NotStarted: Story = { args: { percent: 0, caption: 'Nothing ticked yet' } };

export const TaskCount: Story = { args: { percent: 63, label: 'Task progress', caption: '5 of 8 tasks completed', live: true } };
