import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AppShell } from '../../components/AppShell/AppShell';
import { learnerTotals } from '../../domain/dashboard';
import { midwayRecords, newLearnerRecords, pathsFor } from '../../fixtures/progress';
import { newLearner, sampleUser } from '../../fixtures/user';
import { XpBadgesScreen } from './XpBadgesScreen';

const meta = {
  title: 'Screens/XP & Badges',
  component: XpBadgesScreen,
  parameters: { layout: 'fullscreen', route: '/app/xp-badges' },
  args: { totals: { status: 'ready', data: learnerTotals(pathsFor(midwayRecords)) } },
  render: (args) => (
    <AppShell user={sampleUser} collapsed={false} onToggleCollapsed={fn()} onSignOut={fn()}>
      <XpBadgesScreen {...args} />
    </AppShell>
  ),
} satisfies Meta<typeof XpBadgesScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const tile = (canvasElement: HTMLElement, label: string) =>
  within(canvasElement).getByText(label, { selector: 'p' }).closest('li') as HTMLElement;

export const LearnerMidWay: Story = {
  name: 'Learner mid-way',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'XP & Badges' })).toBeVisible();
    await expect(tile(canvasElement, 'Projects completed')).toHaveTextContent('3Projects completed');
    await expect(tile(canvasElement, 'Paths started')).toHaveTextContent('1Paths started');
    await expect(tile(canvasElement, 'Paths completed')).toHaveTextContent('0Paths completed');
    await expect(c.getByText('XP, levels, streaks and the leaderboard arrive soon: your completed projects already count.')).toBeVisible();
    // No invented figures: no XP total, level, streak or badge progress.
    await expect(c.queryByText(/Total XP|Day streak|\d+%/)).not.toBeInTheDocument();
    await expect(c.queryByRole('progressbar')).not.toBeInTheDocument();
    await expect(c.getByText('Badges are coming soon.')).toBeVisible();
    await expect(c.getAllByRole('heading', { level: 3 })).toHaveLength(6);
    await expect(c.getAllByText('Coming soon')).toHaveLength(6);
    for (const condition of [
      'Complete 5 projects in a week',
      'Keep a 7-day streak',
      'Earn 10,000 XP',
      'Complete 20 projects',
      'Learn 3 technologies',
      'Write 10,000 lines of code',
    ]) {
      await expect(c.getByText(condition)).toBeVisible();
    }
  },
};

export const NewLearner: Story = {
  args: { totals: { status: 'ready', data: learnerTotals(pathsFor(newLearnerRecords)) } },
  render: (args) => (
    <AppShell user={newLearner} collapsed={false} onToggleCollapsed={fn()} onSignOut={fn()}>
      <XpBadgesScreen {...args} />
    </AppShell>
  ),
  play: async ({ canvasElement }) => {
    for (const label of ['Projects completed', 'Paths started', 'Paths completed']) {
      await expect(tile(canvasElement, label)).toHaveTextContent(`0${label}`);
    }
  },
};

export const Loading: Story = {
  args: { totals: { status: 'loading' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('status', { name: 'Loading your stats' })).toBeInTheDocument();
    await expect(c.getAllByText('Coming soon')).toHaveLength(6);
  },
};

export const LoadError: Story = {
  name: 'Error',
  args: { totals: { status: 'error', message: 'The server did not answer. Check your connection and try again.', onRetry: fn() } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('The server did not answer. Check your connection and try again.')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Try again' }));
    if (args.totals.status === 'error') await expect(args.totals.onRetry).toHaveBeenCalledOnce();
  },
};
