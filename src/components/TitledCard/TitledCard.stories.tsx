import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Button, Text } from '@chakra-ui/react';
import { expect, within } from 'storybook/test';
import { Bell, Rocket } from 'lucide-react';
import { TitledCard } from './TitledCard';

const meta = {
  title: 'Components/TitledCard',
  component: TitledCard,
  decorators: [
    (Story) => (
      <Box p="8" bg="page" maxW="md">
        <Story />
      </Box>
    ),
  ],
  args: { title: 'Current Project', icon: <Rocket />, children: <Text>Weather Dashboard, 3 of 8 tasks done.</Text> },
} satisfies Meta<typeof TitledCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithIcon: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('region', { name: 'Current Project' })).toBeVisible();
  },
};

export const WithDescriptionAndAction: Story = {
  args: {
    title: 'Notifications',
    icon: <Bell />,
    description: 'Choose what PathForge may tell you about.',
    action: (
      <Button size="sm" variant="outline">
        View All
      </Button>
    ),
  },
};

export const WithFooter: Story = {
  args: {
    footer: (
      <Button size="sm" colorPalette="brand" variant="outline">
        View Full Leaderboard
      </Button>
    ),
  },
};
