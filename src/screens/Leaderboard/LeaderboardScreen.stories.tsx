import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AppShell } from '../../components/AppShell/AppShell';
import type { LeaderboardPeriod } from '../../domain/learning';
import { sampleUser } from '../../fixtures/user';
import { LeaderboardScreen, type LeaderboardScreenProps } from './LeaderboardScreen';

/** Holds the period like the route does (in the URL there), so switching shows the pressed button. */
function Stateful(args: LeaderboardScreenProps) {
  const [period, setPeriod] = useState<LeaderboardPeriod>(args.period);
  return (
    <LeaderboardScreen
      period={period}
      onPeriodChange={(next) => {
        args.onPeriodChange(next);
        setPeriod(next);
      }}
    />
  );
}

const meta = {
  title: 'Screens/Leaderboard',
  component: LeaderboardScreen,
  parameters: { layout: 'fullscreen', route: '/app/leaderboard' },
  args: { period: 'all', onPeriodChange: fn() },
  render: (args) => (
    <AppShell user={sampleUser} collapsed={false} onToggleCollapsed={fn()} onSignOut={fn()}>
      <Stateful {...args} />
    </AppShell>
  ),
} satisfies Meta<typeof LeaderboardScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ComingSoon: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible();
    await expect(c.getByRole('button', { name: 'All Time' })).toHaveAttribute('aria-pressed', 'true');
    for (const label of ['This Month', 'This Week', 'Today']) {
      await expect(c.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'false');
    }
    await expect(c.getByRole('heading', { level: 2, name: 'The leaderboard opens soon' })).toBeVisible();
    await expect(c.getByText('Complete projects now: they will count.')).toBeVisible();
    await expect(c.getByRole('link', { name: 'Go to your paths' })).toHaveAttribute('href', '/app/paths');
    // Nobody is ranked yet: no table, no names, no points.
    await expect(c.queryByRole('table')).not.toBeInTheDocument();
    await expect(c.queryByText(/\d XP/)).not.toBeInTheDocument();
  },
};

export const SwitchPeriod: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const week = c.getByRole('button', { name: 'This Week' });
    await userEvent.click(week);
    await expect(args.onPeriodChange).toHaveBeenCalledWith('week');
    await expect(week).toHaveAttribute('aria-pressed', 'true');
    await expect(c.getByRole('button', { name: 'All Time' })).toHaveAttribute('aria-pressed', 'false');
    await expect(c.getByText('The leaderboard opens soon')).toBeVisible();
    // And on by keyboard: Tab moves through the period buttons.
    week.focus();
    await userEvent.keyboard('{Tab}{Enter}');
    await expect(args.onPeriodChange).toHaveBeenLastCalledWith('day');
    await expect(c.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
  },
};
