import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, ChakraProvider } from '@chakra-ui/react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { formatXp } from '../../domain/format';
import { fourthProjectMoment } from '../../fixtures/xp';
import { appSystem } from '../../theme/app';
import { XpMoment } from './XpMoment';

// Stories run with reduced motion: each screenshot is the moment's end state.
const meta = {
  title: 'Components/XpMoment',
  component: XpMoment,
  decorators: [
    (Story) => (
      <ChakraProvider value={appSystem}>
        <Box p="8" bg="page" maxW="lg">
          <Story />
        </Box>
      </ChakraProvider>
    ),
  ],
  args: { fromXp: 1_980, toXp: 2_580, fromLevel: 4, toLevel: 5 },
} satisfies Meta<typeof XpMoment>;
export default meta;
type Story = StoryObj<typeof meta>;

export const LevelReached: Story = {
  name: 'Level reached',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Level 5 reached')).toBeVisible();
    await expect(c.getByText('2,580 XP in total')).toBeVisible();
    await expect(c.getByRole('status')).toHaveTextContent('You earned 600 XP and reached level 5. 2,580 XP in total.');
    await expect(c.getByRole('status')).toHaveTextContent('+600 XP');
  },
};

export const XpEarned: Story = {
  name: 'XP earned, same level',
  args: { fromXp: 2_560, toXp: 2_580, fromLevel: 5, toLevel: 5 },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('XP earned')).toBeVisible();
    await expect(c.queryByText(/reached/)).not.toBeInTheDocument();
    await expect(c.getByRole('status')).toHaveTextContent('+20 XP');
  },
};

export const BadgeEarned: Story = {
  name: 'Project completed: XP, a level and a badge',
  args: fourthProjectMoment,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const m = fourthProjectMoment;
    const badge = m.badges[0];
    if (!badge) throw new Error('The fixture earns a badge');
    await expect(c.getByText(`Level ${m.toLevel} reached`)).toBeVisible();
    await expect(c.getByText(`Badge earned: ${badge.title}`)).toBeVisible();
    await expect(c.getByRole('status')).toHaveTextContent(
      `You earned ${formatXp(m.toXp - m.fromXp)} and reached level ${m.toLevel}. ${formatXp(m.toXp)} in total. Badge earned: ${badge.title}.`,
    );
  },
};

export const Dismissible: Story = {
  args: { onDismiss: fn() },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Dismiss' }));
    await expect(args.onDismiss).toHaveBeenCalledOnce();
  },
};
