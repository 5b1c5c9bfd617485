import type { Meta, StoryObj } from '@storybook/react-vite';
import { HStack } from '@chakra-ui/react';
import { expect, within } from 'storybook/test';
import { RankMark } from './RankMark';

const meta = {
  title: 'Components/RankMark',
  component: RankMark,
  args: { rank: 1 },
} satisfies Meta<typeof RankMark>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A trophy for 1st, medals for 2nd and 3rd, the number after: as a chip (dashboard) and plain (the table). */
export const EveryPlace: Story = {
  render: () => (
    <HStack p="6" gap="4" bg="page">
      {[1, 2, 3, 4, 12, 123].map((rank) => (
        <RankMark key={rank} rank={rank} />
      ))}
      {[1, 4, 123].map((rank) => (
        <RankMark key={`plain-${rank}`} rank={rank} plain />
      ))}
    </HStack>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getAllByText('1st place')).toHaveLength(2);
    for (const place of ['2nd place', '3rd place', '12th place']) await expect(c.getByText(place)).toBeInTheDocument();
    await expect(c.getAllByText('123rd place')).toHaveLength(2);
  },
};
