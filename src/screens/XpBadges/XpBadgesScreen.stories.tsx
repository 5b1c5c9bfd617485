import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AppShell } from '../../components/AppShell/AppShell';
import { formatDate, formatDuration, formatNumber } from '../../domain/format';
import type { XpSummary } from '../../api/xp/contract';
import { levelFor } from '../../domain/levels';
import { TASK_XP } from '../../domain/xp';
import { newLearner, sampleUser } from '../../fixtures/user';
import { midwayXp, newLearnerXp, retiredBadgeXp, pathCompletedXp, streakAtRiskXp, streakBrokenXp, weeklyGoalMetXp } from '../../fixtures/xp';
import { RETIRED_BADGE_NOTE } from './parts/BadgeCard';
import { XpBadgesScreen } from './XpBadgesScreen';

const ready = (data: XpSummary) => ({ status: 'ready' as const, data });
/** Mid-way, one task before she reached her level. */
const beforeLevel = midwayXp.totalXp - midwayXp.level.xpIntoLevel - TASK_XP;

const meta = {
  title: 'Screens/XP & Badges',
  component: XpBadgesScreen,
  parameters: { layout: 'fullscreen', route: '/app/xp-badges' },
  args: { xp: ready(midwayXp), levelUp: null, onDismissLevelUp: fn() },
  render: (args) => (
    <AppShell user={sampleUser} collapsed={false} onToggleCollapsed={fn()} onSignOut={fn()}>
      <XpBadgesScreen {...args} />
    </AppShell>
  ),
} satisfies Meta<typeof XpBadgesScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const tile = (canvasElement: HTMLElement, label: string) => within(canvasElement).getByText(label, { selector: 'p' }).closest('li') as HTMLElement;
const card = (canvasElement: HTMLElement, title: string) => within(canvasElement).getByRole('region', { name: title });
const badge = (canvasElement: HTMLElement, title: string) => within(canvasElement).getByRole('heading', { level: 3, name: title }).closest('li') as HTMLElement;

export const LearnerMidWay: Story = {
  parameters: { screenshot: { phone: true } },
  name: 'Learner mid-way',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'XP & Badges' })).toBeVisible();
    await expect(tile(canvasElement, 'Total XP')).toHaveTextContent(formatNumber(midwayXp.totalXp));
    await expect(tile(canvasElement, 'Projects completed')).toHaveTextContent(String(midwayXp.projectsCompleted));
    await expect(tile(canvasElement, 'Hours')).toHaveTextContent(`${midwayXp.hoursSpent}HoursEstimated from completed projects`);
    await expect(tile(canvasElement, 'Badges earned')).toHaveTextContent(
      `${midwayXp.badges.filter((b) => b.earned).length}Badges earnedOut of ${midwayXp.badges.length}`,
    );
    const level = within(card(canvasElement, 'Level'));
    await expect(level.getByText(`Level ${midwayXp.level.level}`)).toBeVisible();
    await expect(level.getByText(`${midwayXp.level.xpToNextLevel} XP to level ${midwayXp.level.level + 1}`)).toBeVisible();
    await expect(level.getByRole('progressbar', { name: `Progress to level ${midwayXp.level.level + 1}` })).toHaveAttribute(
      'aria-valuenow',
      String(midwayXp.level.percent),
    );
    await expect(within(card(canvasElement, 'Daily streak')).getByText('The streak your dashboard shows.')).toBeVisible();
    // The five badges awarded today, each with its real progress; no retired badge she never earned.
    await expect(c.getAllByRole('heading', { level: 3 }).filter((h) => h.closest('ul'))).toHaveLength(5);
    const verified = midwayXp.badges.find((b) => b.title === 'Verified Builder');
    const builder = within(badge(canvasElement, 'Verified Builder'));
    await expect(builder.getByRole('progressbar', { name: 'Verified Builder progress' })).toHaveAttribute('aria-valuenow', String(verified?.percent));
    await expect(builder.getByText(`${verified?.current} of ${verified?.target}`)).toBeVisible();
    await expect(c.queryByText('Speed Runner')).not.toBeInTheDocument();
    await expect(c.queryByText(RETIRED_BADGE_NOTE)).not.toBeInTheDocument();
    // How XP works: the API's rules as they are.
    const rules = within(card(canvasElement, 'How XP works'));
    for (const rule of [...midwayXp.rules.xp, midwayXp.rules.level, ...midwayXp.rules.streak]) await expect(rules.getByText(rule)).toBeVisible();
    await expect(c.queryByText(/coming soon|arrive soon/i)).not.toBeInTheDocument();
    await expect(c.getByRole('link', { name: 'XP history' })).toHaveAttribute('href', '/app/xp-badges/history');
  },
};

export const RetiredBadgeKept: Story = {
  name: 'A retired badge she earned, kept',
  args: { xp: ready(retiredBadgeXp) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    // Polyglot is no longer awarded, but she earned it: it stays, with its date, marked retired.
    const polyglot = retiredBadgeXp.badges.find((b) => b.title === 'Polyglot');
    await expect(polyglot).toMatchObject({ earned: true, retired: true });
    const kept = within(badge(canvasElement, 'Polyglot'));
    await expect(kept.getByText(`Earned on ${formatDate(polyglot?.earnedAt ?? '')}`)).toBeVisible();
    await expect(kept.getByText(RETIRED_BADGE_NOTE)).toBeVisible();
    await expect(c.getAllByText(RETIRED_BADGE_NOTE)).toHaveLength(1);
    await expect(tile(canvasElement, 'Total XP')).toHaveTextContent(formatNumber(midwayXp.totalXp + 100));
  },
};

export const NewLearner: Story = {
  args: { xp: ready(newLearnerXp) },
  render: (args) => (
    <AppShell user={newLearner} collapsed={false} onToggleCollapsed={fn()} onSignOut={fn()}>
      <XpBadgesScreen {...args} />
    </AppShell>
  ),
  play: async ({ canvasElement }) => {
    await expect(tile(canvasElement, 'Total XP')).toHaveTextContent('0Total XP');
    await expect(within(card(canvasElement, 'Level')).getByText('400 XP to level 2')).toBeVisible();
    await expect(within(card(canvasElement, 'Daily streak')).getByText('Tick a task to start your streak.')).toBeVisible();
    await expect(within(card(canvasElement, 'Weekly goal')).getByText('Not yet')).toBeVisible();
    // Retired badges are not offered to someone who never earned them.
    await expect(tile(canvasElement, 'Badges earned')).toHaveTextContent('0Badges earnedOut of 5');
  },
};

export const StreakAtRiskToday: Story = {
  name: 'Streak at risk today',
  args: { xp: ready(streakAtRiskXp) },
  play: async ({ canvasElement }) => {
    const daily = within(card(canvasElement, 'Daily streak'));
    await expect(daily.getByText(`${streakAtRiskXp.daily.current}`)).toBeVisible();
    // Four active days against a goal of three: said as it is, not "4 of 3".
    await expect(within(card(canvasElement, 'Weekly goal')).getByText(`${streakAtRiskXp.weekly.daysThisWeek} active days this week`)).toBeVisible();
    await expect(daily.getByText(`Do some work today to keep it: ${formatDuration(streakAtRiskXp.daily.msLeftToday)} left`)).toBeVisible();
  },
};

export const StreakBroken: Story = {
  name: 'Streak broken',
  args: { xp: ready(streakBrokenXp) },
  play: async ({ canvasElement }) => {
    const daily = within(card(canvasElement, 'Daily streak'));
    await expect(daily.getByText('0')).toBeVisible();
    await expect(daily.getByText(`Your longest was ${streakBrokenXp.daily.longest} days. Tick a task to start a new one.`)).toBeVisible();
  },
};

export const WeeklyGoalMet: Story = {
  name: 'Weekly goal met',
  args: { xp: ready(weeklyGoalMetXp) },
  play: async ({ canvasElement }) => {
    const weekly = within(card(canvasElement, 'Weekly goal'));
    await expect(weekly.getByText('Met')).toBeVisible();
    await expect(weekly.getByText('3 of 3 active days this week')).toBeVisible();
    await expect(weekly.getByText(`${weeklyGoalMetXp.weekly.current}`)).toBeVisible();
    await expect(weekly.getByText('weeks in a row')).toBeVisible();
  },
};

export const PathCompleted: Story = {
  name: 'Path completed',
  args: { xp: ready(pathCompletedXp) },
  play: async ({ canvasElement }) => {
    await expect(tile(canvasElement, 'Projects completed')).toHaveTextContent(`${pathCompletedXp.projectsCompleted}Projects completed`);
    await expect(tile(canvasElement, 'Total XP')).toHaveTextContent(formatNumber(pathCompletedXp.totalXp));
  },
};

export const LevelReached: Story = {
  name: 'Level reached since the last visit',
  args: { xp: ready(midwayXp), levelUp: { fromXp: beforeLevel, toXp: midwayXp.totalXp, fromLevel: levelFor(beforeLevel), toLevel: midwayXp.level.level } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    // The moment's chunk loads on demand; with reduced motion it shows its end state at once.
    await expect(await c.findByText(`Level ${midwayXp.level.level} reached`, {}, { timeout: 5000 })).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Dismiss' }));
    await expect(args.onDismissLevelUp).toHaveBeenCalledOnce();
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

export const Loading: Story = {
  parameters: { screenshot: { phone: true } },
  args: { xp: { status: 'loading' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading your XP' })).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  name: 'Error',
  args: { xp: { status: 'error', message: 'The server did not answer. Check your connection and try again.', onRetry: fn() } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('The server did not answer. Check your connection and try again.')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Try again' }));
    if (args.xp.status === 'error') await expect(args.xp.onRetry).toHaveBeenCalledOnce();
  },
};
