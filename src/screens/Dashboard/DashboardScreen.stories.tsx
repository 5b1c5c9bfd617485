import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AppShell } from '../../components/AppShell/AppShell';
import { dashboardView } from '../../domain/dashboard';
import { projectHref } from '../../domain/learning';
import type { LeaderboardView } from '../../api/xp/contract';
import { leaderboard, type BoardRow } from '../../domain/xpViews';
import { projectsOf } from '../../fixtures/curriculum';
import { midwayFrontendPath, midwayRecords, newLearnerRecords, pathCompletedRecords, pathFor, pathsFor, recordsFor } from '../../fixtures/progress';
import { newLearner, sampleUser } from '../../fixtures/user';
import { midwayXp, newLearnerXp, pathCompletedXp, sampleBoard, streakAtRiskXp, streakBrokenXp } from '../../fixtures/xp';
import { DashboardScreen } from './DashboardScreen';

/** The dashboards the real rule (src/domain/dashboard.ts) builds from the API's answers for these learners. */
const midway = dashboardView(pathsFor(midwayRecords), midwayFrontendPath);
const nextReadyRecords = recordsFor('frontend-development', 3, -1);
const nextReady = dashboardView(pathsFor(nextReadyRecords), pathFor('frontend-development', nextReadyRecords));
const fresh = dashboardView(pathsFor(newLearnerRecords), null);
const completed = dashboardView(pathsFor(pathCompletedRecords), pathFor('frontend-development', pathCompletedRecords));
const frontend = projectsOf('frontend-development');
const ready = <T,>(data: T) => ({ status: 'ready' as const, data });

/** This week's sample learners (src/fixtures/xp.ts), ranked by XP. */
const thisWeek = sampleBoard(40, 3_900, 85);
/** Ada's row on a board: this week's XP (all of hers, as the MSW API counts it) and her all-time XP. */
const ada = (xp: number): BoardRow => ({ userId: sampleUser.id, username: sampleUser.username, publicProfile: true, xp, selfReportedXp: 0, totalXp: xp });
/** This week's board as the API ranks it (src/domain/xpViews.ts): the others and Ada with `xp` (none: not on it). */
const weekBoard = (others: BoardRow[], xp: number): LeaderboardView =>
  leaderboard(
    [...others, ...(xp > 0 ? [ada(xp)] : [])].sort((a, b) => b.xp - a.xp),
    sampleUser.id,
    'week',
  );
const midwayWeek = weekBoard(thisWeek, midwayXp.totalXp);
const unreachable = 'We can’t reach PathForge right now. Check your connection and try again.';

const meta = {
  title: 'Screens/Dashboard',
  component: DashboardScreen,
  parameters: { layout: 'fullscreen', route: '/app/dashboard' },
  args: {
    username: sampleUser.username,
    dashboard: ready(midway),
    xp: ready(midwayXp),
    board: ready(midwayWeek),
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

/** The Top Learners card's list of the top 5 and the learner's own row below it, if any. */
function topLearners(canvasElement: HTMLElement) {
  const card = within(within(canvasElement).getByRole('region', { name: 'Top Learners' }));
  return { card, top: within(card.getByRole('list', { name: 'Top 5 learners' })).getAllByRole('listitem') };
}

/** The landing page's dashboard picture is this story's baseline (scripts/overview-images.json): keep its name. */
export const LearnerMidWay: Story = {
  parameters: { screenshot: { phone: true } },
  name: 'Learner mid-way',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const current = frontend[3];
    await expect(c.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome back, Ada Lovelace!');
    await expect(c.getByText('3 projects completed')).toBeVisible();
    await expect(c.getByTestId('streak-badge')).toHaveTextContent('Start a new streak today');
    await expect(c.getByTestId('level-badge')).toHaveTextContent(`Level ${midwayXp.level.level}`);
    await expect(c.getByTestId('xp-total')).toHaveTextContent('2,430 XP in total');
    await expect(c.getByText(`${midwayXp.level.xpToNextLevel} XP to level ${midwayXp.level.level + 1}`)).toBeVisible();
    await expect(c.getByRole('progressbar', { name: `Progress to level ${midwayXp.level.level + 1}` })).toHaveAttribute(
      'aria-valuenow',
      String(midwayXp.level.percent),
    );
    await expect(c.getByText(/Your daily streak counts the days in a row/)).toBeVisible();
    const page = within(c.getByRole('main'));
    await expect(page.getByRole('link', { name: 'XP & Badges' })).toHaveAttribute('href', '/app/xp-badges');
    await expect(c.queryByText(/to keep your/)).not.toBeInTheDocument();
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
    const { card, top } = topLearners(canvasElement);
    await expect(card.getByText('This Week: the last 7 days')).toBeVisible();
    await expect(top).toHaveLength(5);
    await expect(top[0]).toHaveTextContent(`1st place${midwayWeek.top[0]?.name}`);
    await expect(top[2]).toHaveTextContent('3rd place');
    await expect(card.getByText(`Your rank, of ${midwayWeek.learners} learners`)).toBeVisible();
    await expect(card.getByText(`${midwayWeek.me?.rank}th place`)).toBeInTheDocument();
    await expect(card.getByText('You')).toBeVisible();
    await expect(card.getByText(`${midwayWeek.me?.rank}th place`).parentElement?.parentElement).toHaveTextContent(`Level ${midwayXp.level.level} · 2,430 XP`);
    await expect(card.getByRole('link', { name: 'View Full Leaderboard' })).toHaveAttribute('href', '/app/leaderboard?period=week');
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
    await expect(project.getByRole('link', { name: 'Open project' })).toHaveAttribute('href', projectHref('frontend-development', next?.slug ?? ''));
    await expect(c.getByRole('link', { name: 'Continue Learning' })).toHaveAttribute('href', projectHref('frontend-development', next?.slug ?? ''));
  },
};

export const NewLearner: Story = {
  parameters: { screenshot: { phone: true } },
  args: {
    username: newLearner.username,
    dashboard: ready(fresh),
    xp: ready(newLearnerXp),
    board: ready(leaderboard(thisWeek, newLearner.id, 'week')),
  },
  render: (args) => (
    <AppShell user={newLearner} collapsed={false} onToggleCollapsed={fn()} onSignOut={fn()}>
      <DashboardScreen {...args} />
    </AppShell>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to PathForge, Grace Hopper!');
    await expect(c.getByText('0 projects completed')).toBeVisible();
    await expect(c.getByTestId('streak-badge')).toHaveTextContent('Start your streak today');
    await expect(c.getByTestId('level-badge')).toHaveTextContent('Level 1');
    await expect(c.getByTestId('xp-total')).toHaveTextContent('0 XP in total');
    await expect(c.getByText(`${newLearnerXp.level.xpToNextLevel} XP to level 2`)).toBeVisible();
    await expect(c.queryByText(/your longest/)).not.toBeInTheDocument();
    await expect(c.getByRole('link', { name: 'Start Learning' })).toHaveAttribute('href', '/app/paths');
    const first = within(c.getByRole('region', { name: 'Pick your first path' }));
    const links = first.getAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('/app/paths/'));
    await expect(links.map((link) => link.getAttribute('href'))).toEqual(fresh.bestPaths.map((p) => `/app/paths/${p.slug}`));
    await expect(c.getByRole('region', { name: 'Your First Steps' })).toBeVisible();
    await expect(c.queryByRole('region', { name: 'Current Project' })).not.toBeInTheDocument();
    const { card, top } = topLearners(canvasElement);
    await expect(top).toHaveLength(5);
    await expect(card.queryByText('You')).not.toBeInTheDocument();
    await expect(card.getByText('You have no XP this week yet: tick a task to join the board.')).toBeVisible();
  },
};

export const StreakAtRisk: Story = {
  name: 'Streak at risk today',
  args: { xp: ready(streakAtRiskXp) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByTestId('streak-badge')).toHaveTextContent('6-day streak');
    await expect(c.getByText('Work on a task today to keep your 6-day streak (6 h left).')).toBeVisible();
    await expect(c.getByText(/your longest: 6 days/)).toBeVisible();
  },
};

export const StreakBroken: Story = {
  name: 'Streak broken',
  args: { xp: ready(streakBrokenXp) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByTestId('streak-badge')).toHaveTextContent('Start a new streak today');
    await expect(c.getByText(/your longest: 3 days/)).toBeVisible();
    await expect(c.queryByText(/to keep your/)).not.toBeInTheDocument();
  },
};

export const TopOfTheBoard: Story = {
  name: 'Top of the board',
  args: { board: ready(weekBoard(sampleBoard(30, 2_400, 61), midwayXp.totalXp)) },
  play: async ({ canvasElement }) => {
    const { card, top } = topLearners(canvasElement);
    await expect(top[0]).toHaveTextContent('1st placeAda LovelaceYou');
    await expect(top[0]).toHaveTextContent(`Level ${midwayXp.level.level} · 2,430 XP`);
    await expect(card.queryByText(/Your rank/)).not.toBeInTheDocument();
  },
};

export const NobodyEarnedXpThisWeek: Story = {
  name: 'Nobody has earned XP this week',
  args: { username: newLearner.username, dashboard: ready(fresh), xp: ready(newLearnerXp), board: ready(weekBoard([], 0)) },
  render: NewLearner.render,
  play: async ({ canvasElement }) => {
    const card = within(within(canvasElement).getByRole('region', { name: 'Top Learners' }));
    await expect(card.getByText('Nobody has earned XP this week yet')).toBeVisible();
    await expect(card.getByText('Tick a task in one of your paths to join the board.')).toBeVisible();
    await expect(card.queryByRole('list')).not.toBeInTheDocument();
    await expect(card.getByRole('link', { name: 'View Full Leaderboard' })).toBeVisible();
  },
};

export const PathCompleted: Story = {
  args: { dashboard: ready(completed), xp: ready(pathCompletedXp), board: ready(weekBoard(thisWeek, pathCompletedXp.totalXp)) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(`${frontend.length} projects completed`)).toBeVisible();
    await expect(c.getByTestId('level-badge')).toHaveTextContent(`Level ${pathCompletedXp.level.level}`);
    const done = within(c.getByRole('region', { name: 'Path Completed' }));
    await expect(done.getByRole('heading', { level: 3, name: 'You completed Frontend Development' })).toBeVisible();
    await expect(done.getByRole('link', { name: 'Pick your next path' })).toHaveAttribute('href', '/app/paths');
    await expect(c.getByRole('link', { name: 'Continue Learning' })).toHaveAttribute('href', '/app/paths');
    await expect(c.getByRole('progressbar', { name: 'Frontend Development progress' })).toHaveAttribute('aria-valuenow', '100');
    await expect(c.queryByRole('region', { name: 'Upcoming Projects' })).not.toBeInTheDocument();
    await expect(c.getByRole('region', { name: 'Top Learners' })).toBeVisible();
  },
};

export const XpNotLoaded: Story = {
  name: 'XP and leaderboard not loaded',
  args: {
    xp: { status: 'error', message: unreachable, onRetry: fn() },
    board: { status: 'error', message: unreachable, onRetry: fn() },
  },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('3 projects completed')).toBeVisible();
    await expect(c.queryByTestId('streak-badge')).not.toBeInTheDocument();
    await expect(c.getByRole('region', { name: 'Current Project' })).toBeVisible();
    await expect(c.getByText('Your XP and streak could not be loaded.')).toBeVisible();
    const card = within(c.getByRole('region', { name: 'Top Learners' }));
    await expect(card.getByText('The leaderboard could not be loaded.')).toBeVisible();
    // The banner's Try again comes first; the card's is inside the card.
    const [xpRetry, boardRetry] = c.getAllByRole('button', { name: 'Try again' });
    await expect(boardRetry).toBe(card.getByRole('button', { name: 'Try again' }));
    await userEvent.click(xpRetry as HTMLElement);
    if (args.xp.status === 'error') await expect(args.xp.onRetry).toHaveBeenCalledOnce();
    if (args.board.status === 'error') await expect(args.board.onRetry).not.toHaveBeenCalled();
    await userEvent.click(boardRetry as HTMLElement);
    if (args.board.status === 'error') await expect(args.board.onRetry).toHaveBeenCalledOnce();
  },
};

export const XpLoading: Story = {
  name: 'XP still loading',
  args: { xp: { status: 'loading' }, board: { status: 'loading' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('status', { name: 'Loading your XP and streak' })).toBeInTheDocument();
    await expect(c.getByRole('status', { name: 'Loading the leaderboard' })).toBeInTheDocument();
    await expect(c.getByText('3 projects completed')).toBeVisible();
    await expect(c.getByRole('region', { name: 'Current Project' })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { screenshot: { phone: true } },
  args: { dashboard: { status: 'loading' }, xp: { status: 'loading' }, board: { status: 'loading' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('status', { name: 'Loading your dashboard' })).toBeInTheDocument();
    await expect(c.getByRole('heading', { level: 1 })).toHaveTextContent('Ada Lovelace');
  },
};

export const LoadError: Story = {
  name: 'Error',
  args: {
    dashboard: { status: 'error', message: unreachable, onRetry: fn() },
  },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText(unreachable)).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Try again' }));
    if (args.dashboard.status === 'error') await expect(args.dashboard.onRetry).toHaveBeenCalledOnce();
  },
};
