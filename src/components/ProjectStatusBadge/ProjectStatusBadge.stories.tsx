import type { Meta, StoryObj } from '@storybook/react-vite';
import { HStack } from '@chakra-ui/react';
import { expect, within } from 'storybook/test';
import { ProjectStatusBadge } from './ProjectStatusBadge';

const meta = {
  title: 'Components/ProjectStatusBadge',
  component: ProjectStatusBadge,
  args: { status: 'in-progress' },
} satisfies Meta<typeof ProjectStatusBadge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const EveryStatus: Story = {
  render: () => (
    <HStack p="6" gap="3" bg="page" wrap="wrap">
      <ProjectStatusBadge status="completed" />
      <ProjectStatusBadge status="in-progress" />
      <ProjectStatusBadge status="available" />
      <ProjectStatusBadge status="locked" />
      <ProjectStatusBadge status="completed" size="md" />
    </HStack>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    for (const label of ['In progress', 'Ready to start', 'Locked']) await expect(c.getByText(label)).toBeVisible();
    await expect(c.getAllByText('Completed')).toHaveLength(2);
  },
};
