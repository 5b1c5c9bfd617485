import { useState, type ReactNode } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AppShell } from '../../components/AppShell/AppShell';
import type { LeaderboardPeriod } from '../../domain/learning';
import { leaderboards, sampleUser } from '../../fixtures';
import { LeaderboardScreen, type LeaderboardScreenProps } from './LeaderboardScreen';

function Shell({ children }: { children: ReactNode }) {
  return (
    <AppShell user={sampleUser} collapsed={false} onToggleCollapsed={fn()} onSignOut={fn()}>
      {children}
    </AppShell>
  );
}

/** Holds the period like the route does, so switching shows that period's board. */
function Stateful(args: LeaderboardScreenProps) {
  const [period, setPeriod] = useState<LeaderboardPeriod>(args.period);
  return (
    <Shell>
      <LeaderboardScreen
        {...args}
        period={period}
        entries={{ status: 'ready', data: leaderboards[period] }}
        onPeriodChange={(next) => {
          args.onPeriodChange(next);
          setPeriod(next);
        }}
      />
    </Shell>
  );
}

const meta = {
  title: 'Screens/Leaderboard',
  component: LeaderboardScreen,
  parameters: { layout: 'fullscreen', route: '/app/leaderboard' },
  args: { period: 'all', onPeriodChange: fn(), entries: { status: 'ready', data: leaderboards.all } },
  render: (args) => (
    <Shell>
      <LeaderboardScreen {...args} />
    </Shell>
  ),
} satisfies Meta<typeof LeaderboardScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const rows = (canvasElement: HTMLElement) => within(canvasElement).getAllByRole('row').slice(1);

export const AllTime: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible();
    await expect(c.getByRole('button', { name: 'All Time' })).toHaveAttribute('aria-pressed', 'true');
    await expect(c.getByRole('button', { name: 'This Week' })).toHaveAttribute('aria-pressed', 'false');
    const table = c.getByRole('table', { name: 'Leaderboard rankings: All Time' });
    await expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Rank', 'User', 'Points']);
    const all = rows(canvasElement);
    await expect(all).toHaveLength(5);
    const first = within(all[0]!);
    await expect(first.getByText('1,200 XP')).toBeVisible();
    await expect(first.getByText('1st place')).toBeInTheDocument();
    await expect(first.getByText('Sarah Chen')).toBeVisible();
    await expect(within(all[1]!).getByText('2nd place')).toBeInTheDocument();
    await expect(within(all[2]!).getByText('3rd place')).toBeInTheDocument();
  },
};

export const ThisMonth: Story = {
  args: { period: 'month', entries: { status: 'ready', data: leaderboards.month } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'This Month' })).toHaveAttribute('aria-pressed', 'true');
    await expect(c.getByRole('table', { name: 'Leaderboard rankings: This Month' })).toBeInTheDocument();
    await expect(within(rows(canvasElement)[0]!).getByText('640 XP')).toBeVisible();
  },
};

export const ThisWeek: Story = {
  args: { period: 'week', entries: { status: 'ready', data: leaderboards.week } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'This Week' })).toHaveAttribute('aria-pressed', 'true');
    await expect(within(rows(canvasElement)[0]!).getByText('Amara Okafor')).toBeVisible();
  },
};

export const Today: Story = {
  args: { period: 'day', entries: { status: 'ready', data: leaderboards.day } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    await expect(within(rows(canvasElement)[0]!).getByText('60 XP')).toBeVisible();
  },
};

export const SwitchPeriod: Story = {
  render: (args) => <Stateful {...args} />,
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(within(rows(canvasElement)[0]!).getByText('Sarah Chen')).toBeVisible();
    // Keyboard reachable: Tab moves through the period buttons.
    const week = c.getByRole('button', { name: 'This Week' });
    await userEvent.click(week);
    await expect(args.onPeriodChange).toHaveBeenCalledWith('week');
    await expect(week).toHaveAttribute('aria-pressed', 'true');
    await expect(c.getByRole('button', { name: 'All Time' })).toHaveAttribute('aria-pressed', 'false');
    await expect(c.getByRole('table', { name: 'Leaderboard rankings: This Week' })).toBeInTheDocument();
    await expect(within(rows(canvasElement)[0]!).getByText('Amara Okafor')).toBeVisible();
    await expect(within(rows(canvasElement)[0]!).getByText('220 XP')).toBeVisible();
    // And back by keyboard.
    c.getByRole('button', { name: 'All Time' }).focus();
    await userEvent.keyboard('{Tab}{Enter}');
    await expect(args.onPeriodChange).toHaveBeenLastCalledWith('month');
    await expect(within(rows(canvasElement)[0]!).getByText('Priya Patel')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { entries: { status: 'loading' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading leaderboard' })).toBeInTheDocument();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table');
    await expect(table.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};
