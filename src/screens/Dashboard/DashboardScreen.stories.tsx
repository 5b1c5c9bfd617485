import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AppShell } from '../../components/AppShell/AppShell';
import { dashboardData, emptyDashboard, newLearner, noUpcomingDashboard, sampleUser } from '../../fixtures';
import { DashboardScreen } from './DashboardScreen';

const meta = {
  title: 'Screens/Dashboard',
  component: DashboardScreen,
  parameters: { layout: 'fullscreen', route: '/app/dashboard' },
  args: {
    username: sampleUser.username,
    dashboard: { status: 'ready', data: dashboardData },
    onContinueLearning: fn(),
  },
  render: (args) => (
    <AppShell user={sampleUser} collapsed={false} onToggleCollapsed={fn()} onSignOut={fn()}>
      <DashboardScreen {...args} />
    </AppShell>
  ),
} satisfies Meta<typeof DashboardScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  name: 'Learner mid-way',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome back, Ada Lovelace!');
    await expect(c.getByText('7-day streak')).toBeVisible();
    await expect(c.getByText('Level 12')).toBeVisible();
    await expect(c.getByRole('link', { name: 'Continue Learning' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/app\/paths\/1\/projects\//),
    );
    await expect(c.getByRole('heading', { level: 2, name: 'Frontend Developer Path' })).toBeVisible();
    await expect(c.getByRole('progressbar', { name: 'Frontend Developer Path progress' })).toBeInTheDocument();
    await expect(c.getByRole('link', { name: 'Resume' })).toHaveAttribute(
      'href',
      c.getByRole('link', { name: 'Continue Learning' }).getAttribute('href'),
    );
    await expect(c.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/app/paths/1');
    await expect(c.getByRole('link', { name: 'Browse All' })).toHaveAttribute('href', '/app/paths');
    await expect(c.getByRole('link', { name: 'Explore more paths' })).toHaveAttribute('href', '/app/browse-paths');
    await expect(c.getByRole('link', { name: 'View Full Leaderboard' })).toHaveAttribute('href', '/app/leaderboard');
    await expect(c.getByText('Sarah Chen')).toBeVisible();
    await expect(c.getByText('12,450 XP')).toBeVisible();
    await expect(c.getByText('Level 18', { exact: false })).toBeVisible();
  },
};

export const ContinueLearningClicked: Story = {
  name: 'Continue Learning',
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'Continue Learning' }));
    await expect(args.onContinueLearning).toHaveBeenCalledOnce();
  },
};

export const NewLearner: Story = {
  args: { username: newLearner.username, dashboard: { status: 'ready', data: emptyDashboard } },
  render: (args) => (
    <AppShell user={newLearner} collapsed={false} onToggleCollapsed={fn()} onSignOut={fn()}>
      <DashboardScreen {...args} />
    </AppShell>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome back, Grace Hopper!');
    await expect(c.getByText('0-day streak')).toBeVisible();
    await expect(c.getByText('Level 1')).toBeVisible();
    await expect(c.getByRole('link', { name: 'Continue Learning' })).toHaveAttribute('href', '/app/paths');
    await expect(c.getByText('No path started yet')).toBeVisible();
    await expect(c.getByText('No project in progress')).toBeVisible();
    for (const link of c.getAllByRole('link', { name: 'Pick your first path' })) {
      await expect(link).toHaveAttribute('href', '/app/paths');
    }
    await expect(c.getByText('Nothing lined up yet')).toBeVisible();
    await expect(c.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/app/paths');
    await expect(c.queryByRole('link', { name: 'Resume' })).not.toBeInTheDocument();
  },
};

export const NoProjectInProgress: Story = {
  name: 'No project in progress',
  args: { dashboard: { status: 'ready', data: noUpcomingDashboard } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('link', { name: 'Open your path' })).toHaveAttribute('href', '/app/paths/1');
    await expect(c.getByText('Nothing lined up yet')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { dashboard: { status: 'loading' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('status', { name: 'Loading your dashboard' })).toBeInTheDocument();
    await expect(c.getByRole('heading', { level: 1 })).toHaveTextContent('Ada Lovelace');
  },
};

export const LoadError: Story = {
  name: 'Error',
  args: {
    dashboard: {
      status: 'error',
      message: 'We can’t reach PathForge right now. Check your connection and try again.',
      onRetry: fn(),
    },
  },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('We can’t reach PathForge right now. Check your connection and try again.')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Try again' }));
    if (args.dashboard.status === 'error') await expect(args.dashboard.onRetry).toHaveBeenCalledOnce();
  },
};
