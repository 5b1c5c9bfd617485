import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AppShell } from '../../components/AppShell/AppShell';
import { allEarnedBadges, badges, newLearnerBadges, newLearnerXpStats, sampleUser, xpStats } from '../../fixtures';
import { XpBadgesScreen } from './XpBadgesScreen';

const meta = {
  title: 'Screens/XP & Badges',
  component: XpBadgesScreen,
  parameters: { layout: 'fullscreen', route: '/app/xp-badges' },
  args: { xp: { status: 'ready', data: { stats: xpStats, badges } } },
  render: (args) => (
    <AppShell user={sampleUser} collapsed={false} onToggleCollapsed={fn()} onSignOut={fn()}>
      <XpBadgesScreen {...args} />
    </AppShell>
  ),
} satisfies Meta<typeof XpBadgesScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  name: 'Learner mid-way',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'XP & Badges' })).toBeVisible();
    await expect(c.getByText('8,450')).toBeVisible();
    for (const label of ['Total XP', 'Level', 'Day streak', 'Projects completed', 'Hours spent', 'Badges earned']) {
      await expect(c.getByText(label)).toBeVisible();
    }
    await expect(c.getAllByRole('heading', { level: 3 })).toHaveLength(6);
    await expect(c.getAllByText('Earned')).toHaveLength(3);
    await expect(c.getAllByText('In progress')).toHaveLength(3);
    const bar = c.getByRole('progressbar', { name: 'Code Warrior progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '75');
    await expect(c.getByText('Write 10,000 lines of code')).toBeVisible();
  },
};

export const NewLearner: Story = {
  args: { xp: { status: 'ready', data: { stats: newLearnerXpStats, badges: newLearnerBadges } } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.queryByText('Earned')).not.toBeInTheDocument();
    await expect(c.getAllByText('In progress')).toHaveLength(6);
    await expect(c.getByRole('progressbar', { name: 'Speed Runner progress' })).toHaveAttribute('aria-valuenow', '0');
    await expect(c.getByText('0 of 6 earned')).toBeVisible();
  },
};

export const AllEarned: Story = {
  args: { xp: { status: 'ready', data: { stats: { ...xpStats, badges: allEarnedBadges.length }, badges: allEarnedBadges } } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getAllByText('Earned')).toHaveLength(6);
    await expect(c.queryByText('In progress')).not.toBeInTheDocument();
    await expect(c.getByText('6 of 6 earned')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { xp: { status: 'loading' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading XP and badges' })).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  name: 'Error',
  args: { xp: { status: 'error', message: 'The server did not answer. Check your connection and try again.', onRetry: fn() } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Try again' }));
    if (args.xp.status === 'error') await expect(args.xp.onRetry).toHaveBeenCalledOnce();
  },
};

