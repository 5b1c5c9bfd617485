import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AppShell } from '../../components/AppShell/AppShell';
import { dashboardView } from '../../domain/dashboard';
import { projectHref } from '../../domain/learning';
import { projectsOf } from '../../fixtures/curriculum';
import {
  midwayFrontendPath,
  midwayRecords,
  newLearnerRecords,
  pathCompletedRecords,
  pathFor,
  pathsFor,
  recordsFor,
} from '../../fixtures/progress';
import { newLearner, sampleUser } from '../../fixtures/user';
import { DashboardScreen } from './DashboardScreen';

/** The dashboards the real rule (src/domain/dashboard.ts) builds from the API's answers for these learners. */
const midway = dashboardView(pathsFor(midwayRecords), midwayFrontendPath);
const nextReadyRecords = recordsFor('frontend-development', 3, -1);
const nextReady = dashboardView(pathsFor(nextReadyRecords), pathFor('frontend-development', nextReadyRecords));
const fresh = dashboardView(pathsFor(newLearnerRecords), null);
const completed = dashboardView(pathsFor(pathCompletedRecords), pathFor('frontend-development', pathCompletedRecords));
const frontend = projectsOf('frontend-development');
const ready = <T,>(data: T) => ({ status: 'ready' as const, data });

const meta = {
  title: 'Screens/Dashboard',
  component: DashboardScreen,
  parameters: { layout: 'fullscreen', route: '/app/dashboard' },
  args: {
    username: sampleUser.username,
    dashboard: ready(midway),
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

/** The landing page's dashboard picture is this story's baseline (scripts/overview-images.json): keep its name. */
export const LearnerMidWay: Story = {
  name: 'Learner mid-way',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const current = frontend[3];
    await expect(c.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome back, Ada Lovelace!');
    await expect(c.getByText('3 projects completed')).toBeVisible();
    await expect(c.queryByText(/-day streak|Level \d/)).not.toBeInTheDocument();
    const continueHref = projectHref('frontend-development', current?.slug ?? '');
    await expect(c.getByRole('link', { name: 'Continue Learning' })).toHaveAttribute('href', continueHref);
    const project = within(c.getByRole('region', { name: 'Current Project' }));
    await expect(project.getByRole('heading', { level: 3, name: current?.title })).toBeVisible();
    await expect(project.getByText('In progress')).toBeVisible();
    await expect(project.getByText(/^3 of \d+ tasks done$/)).toBeVisible();
    await expect(project.getByRole('link', { name: 'Resume' })).toHaveAttribute('href', continueHref);
    const path = within(c.getByRole('region', { name: 'Frontend Development' }));
    await expect(path.getByRole('progressbar', { name: 'Frontend Development progress' })).toBeInTheDocument();
    await expect(path.getByText(`3 of ${frontend.length}`)).toBeVisible();
    const upcoming = within(c.getByRole('region', { name: 'Upcoming Projects' }));
    await expect(upcoming.getAllByRole('listitem')).toHaveLength(midway.upcoming.length);
    await expect(upcoming.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/app/paths/frontend-development');
    const best = within(c.getByRole('region', { name: 'Best Learning Paths' }));
    await expect(best.getAllByRole('listitem')).toHaveLength(3);
    await expect(best.queryByText('Frontend Development')).not.toBeInTheDocument();
    await expect(best.getByRole('link', { name: 'Browse All' })).toHaveAttribute('href', '/app/paths');
    await expect(best.getByRole('link', { name: 'Explore more paths' })).toHaveAttribute('href', '/app/browse-paths');
    const board = within(c.getByRole('region', { name: 'Leaderboard' }));
    await expect(board.getByText(/XP, levels, streaks and the leaderboard arrive soon/)).toBeVisible();
    await expect(board.getByRole('link', { name: 'View Full Leaderboard' })).toHaveAttribute('href', '/app/leaderboard');
  },
};

export const ContinueLearningClicked: Story = {
  name: 'Continue Learning',
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'Continue Learning' }));
    await expect(args.onContinueLearning).toHaveBeenCalledOnce();
  },
};

export const NextProjectReady: Story = {
  name: 'Next project ready to start',
  args: { dashboard: ready(nextReady) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const next = frontend[3];
    const project = within(c.getByRole('region', { name: 'Current Project' }));
    await expect(project.getByRole('heading', { level: 3, name: next?.title })).toBeVisible();
    await expect(project.getByText('Ready to start')).toBeVisible();
    await expect(project.getByRole('link', { name: 'Open project' })).toHaveAttribute(
      'href',
      projectHref('frontend-development', next?.slug ?? ''),
    );
    await expect(c.getByRole('link', { name: 'Continue Learning' })).toHaveAttribute(
      'href',
      projectHref('frontend-development', next?.slug ?? ''),
    );
  },
};

export const NewLearner: Story = {
  args: { username: newLearner.username, dashboard: ready(fresh) },
  render: (args) => (
    <AppShell user={newLearner} collapsed={false} onToggleCollapsed={fn()} onSignOut={fn()}>
      <DashboardScreen {...args} />
    </AppShell>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to PathForge, Grace Hopper!');
    await expect(c.getByText('0 projects completed')).toBeVisible();
    await expect(c.getByRole('link', { name: 'Start Learning' })).toHaveAttribute('href', '/app/paths');
    const first = within(c.getByRole('region', { name: 'Pick your first path' }));
    const links = first.getAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('/app/paths/'));
    await expect(links.map((link) => link.getAttribute('href'))).toEqual(fresh.bestPaths.map((p) => `/app/paths/${p.slug}`));
    await expect(c.getByRole('region', { name: 'Your First Steps' })).toBeVisible();
    await expect(c.queryByRole('region', { name: 'Current Project' })).not.toBeInTheDocument();
    await expect(c.queryByText(/-day streak|Level \d/)).not.toBeInTheDocument();
  },
};

export const PathCompleted: Story = {
  args: { dashboard: ready(completed) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(`${frontend.length} projects completed`)).toBeVisible();
    const done = within(c.getByRole('region', { name: 'Path Completed' }));
    await expect(done.getByRole('heading', { level: 3, name: 'You completed Frontend Development' })).toBeVisible();
    await expect(done.getByRole('link', { name: 'Pick your next path' })).toHaveAttribute('href', '/app/paths');
    await expect(c.getByRole('link', { name: 'Continue Learning' })).toHaveAttribute('href', '/app/paths');
    await expect(c.getByRole('progressbar', { name: 'Frontend Development progress' })).toHaveAttribute('aria-valuenow', '100');
    await expect(c.queryByRole('region', { name: 'Upcoming Projects' })).not.toBeInTheDocument();
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
