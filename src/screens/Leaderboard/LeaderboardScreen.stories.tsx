import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ordinal } from '../../components/RankMark/RankMark';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AppShell } from '../../components/AppShell/AppShell';
import { VERIFIED_RANKS_NOTE } from '../../domain/dashboard';
import { formatXp } from '../../domain/format';
import type { LeaderboardPeriod } from '../../domain/learning';
import { PRIVATE_LEARNER_NAME } from '../../domain/learning';
import type { LeaderboardView } from '../../api/xp/contract';
import { sampleUser } from '../../fixtures/user';
import { emptyBoard, lookalikeBoard, midwayBoard, notOnTheBoard, offTheBoard, selfReportedBoard, selfReportedOffTheBoard, topOfBoard } from '../../fixtures/xp';
import type { Remote } from '../../components/RemoteView/remote';
import { LeaderboardScreen, type LeaderboardScreenProps } from './LeaderboardScreen';

const ready = (data: LeaderboardView): Remote<LeaderboardView> => ({ status: 'ready', data });

/** The boards the switching story answers with, one per period. */
const BOARDS: Record<LeaderboardPeriod, LeaderboardView> = { all: midwayBoard, month: offTheBoard, week: topOfBoard, day: emptyBoard };

type FrameProps = LeaderboardScreenProps & { boardFor?(period: LeaderboardPeriod): Remote<LeaderboardView> };

/** Holds the period like the route does (in the URL there), so switching shows the pressed button. */
function Frame({ boardFor, ...args }: FrameProps) {
  const [period, setPeriod] = useState<LeaderboardPeriod>(args.period);
  return (
    <AppShell user={sampleUser} collapsed={false} onToggleCollapsed={fn()} onSignOut={fn()}>
      <LeaderboardScreen
        period={period}
        board={boardFor ? boardFor(period) : args.board}
        onPeriodChange={(next) => {
          args.onPeriodChange(next);
          setPeriod(next);
        }}
      />
    </AppShell>
  );
}

const meta = {
  title: 'Screens/Leaderboard',
  component: LeaderboardScreen,
  parameters: { layout: 'fullscreen', route: '/app/leaderboard' },
  args: { period: 'all', board: ready(midwayBoard), onPeriodChange: fn() },
  render: (args) => <Frame {...args} />,
} satisfies Meta<typeof LeaderboardScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const board = (canvasElement: HTMLElement, label: string) => within(canvasElement).getByRole('table', { name: new RegExp(`^Leaderboard, ${label}`) });
/** The table's rows under its header. */
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const myRow = (canvasElement: HTMLElement) => within(canvasElement).getByRole('row', { current: true });
const me = (view: LeaderboardView) => {
  if (!view.me) throw new Error('this board has no row of the learner');
  return view.me;
};

export const MidWay: Story = {
  parameters: { screenshot: { phone: true } },
  name: 'Learner mid-way',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const mine = me(midwayBoard);
    await expect(c.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible();
    await expect(c.getByRole('button', { name: 'All Time' })).toHaveAttribute('aria-pressed', 'true');
    for (const label of ['This Month', 'This Week', 'Today']) {
      await expect(c.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'false');
    }
    // The windows roll, and the tie rule is said.
    await expect(
      c.getByText('This Month is the last 30 days, This Week the last 7 days, Today the last 24 hours; ties go to whoever got there first.'),
    ).toBeVisible();

    const table = board(canvasElement, 'All Time');
    for (const header of ['Rank', 'User', 'Points', 'Level']) await expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    const rows = bodyRows(table);
    await expect(rows).toHaveLength(midwayBoard.top.length);
    await expect(c.getByText(`Top 50 of ${midwayBoard.learners} learners with XP`)).toBeVisible();
    // The podium keeps its trophy and medals.
    await expect(rows[0]).toHaveTextContent('1st place');
    await expect(rows[0]).toHaveTextContent(formatXp(midwayBoard.top[0]?.xp ?? -1));
    await expect(rows[1]).toHaveTextContent('2nd place');
    await expect(rows[2]).toHaveTextContent('3rd place');

    // Ada's own row, highlighted, halfway down.
    const own = within(myRow(canvasElement));
    await expect(own.getByText(sampleUser.username)).toBeVisible();
    await expect(own.getByText('You')).toBeVisible();
    await expect(own.getByText(formatXp(mine.xp))).toBeVisible();
    await expect(myRow(canvasElement)).toHaveTextContent(`${ordinal(mine.rank)} place`);
    await expect(c.getByText(`Your rank: #${mine.rank} of ${midwayBoard.learners} learners`)).toBeVisible();
    await expect(c.queryByText(/Your own row/)).not.toBeInTheDocument();

    // Private learners appear unnamed, and the note says how to choose.
    const unnamed = midwayBoard.top.filter((row) => row.private && !row.isMe).length;
    await expect(unnamed).toBeGreaterThan(0);
    await expect(within(table).getAllByText(PRIVATE_LEARNER_NAME)).toHaveLength(unnamed);
    const note = c.getByText(/Learners with a private profile are shown as “A PathForge learner”, without their name/);
    await expect(note).toBeVisible();
    await expect(note).toHaveTextContent('other learners see it only while Public Profile is on in Settings (Privacy & Security)');
    await expect(within(note).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/app/settings');
    // No self-reported XP on this board: nothing says it (the Self-reported stories do).
    await expect(c.queryByText(VERIFIED_RANKS_NOTE)).not.toBeInTheDocument();
    await expect(c.queryByText('self-reported')).not.toBeInTheDocument();
  },
};

export const TopOfBoard: Story = {
  name: 'Top of the board',
  args: { period: 'week', board: ready(topOfBoard) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'This Week' })).toHaveAttribute('aria-pressed', 'true');
    const rows = bodyRows(board(canvasElement, 'This Week'));
    await expect(rows).toHaveLength(topOfBoard.learners);
    await expect(rows[0]).toBe(myRow(canvasElement));
    await expect(rows[0]).toHaveTextContent('1st place');
    await expect(within(rows[0] as HTMLElement).getByText('You')).toBeVisible();
    await expect(rows[0]).toHaveTextContent(formatXp(me(topOfBoard).xp));
    await expect(c.getByText(`Your rank: #1 of ${topOfBoard.learners} learners`)).toBeVisible();
    await expect(c.getByText(`${topOfBoard.learners} learners with XP this week`)).toBeVisible();
  },
};

export const OffTheBoard: Story = {
  parameters: { screenshot: { phone: true } },
  name: 'Outside the top 50',
  args: { period: 'month', board: ready(offTheBoard) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const mine = me(offTheBoard);
    const rows = bodyRows(board(canvasElement, 'This Month'));
    // The top 50, a line that says what follows, then Ada's own row.
    await expect(rows).toHaveLength(offTheBoard.top.length + 2);
    await expect(rows.at(-2)).toHaveTextContent('Your own row: you are not in the top 50 yet');
    await expect(rows.at(-1)).toBe(myRow(canvasElement));
    await expect(rows.at(-1)).toHaveTextContent(`${mine.rank}st place`);
    await expect(rows.at(-1)).toHaveTextContent(formatXp(mine.xp));
    await expect(c.getByText(`Your rank: #${mine.rank} of ${offTheBoard.learners} learners`)).toBeVisible();
    await expect(c.getByText(`Top 50 of ${offTheBoard.learners} learners with XP this month`)).toBeVisible();
  },
};

export const NoXpThisWeek: Story = {
  name: 'No XP this week yet',
  args: { period: 'week', board: ready(notOnTheBoard) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(bodyRows(board(canvasElement, 'This Week'))).toHaveLength(notOnTheBoard.learners);
    await expect(c.queryByRole('row', { current: true })).not.toBeInTheDocument();
    await expect(c.queryByText(/Your rank/)).not.toBeInTheDocument();
    await expect(c.getByText('You have no XP this week yet: tick a task to join the board.')).toBeVisible();
    await expect(c.getByRole('link', { name: 'Go to your paths' })).toHaveAttribute('href', '/app/paths');
  },
};

/**
 * Privacy comes from the API's flag, not from a name: a public learner who chose the name
 * "A PathForge learner" keeps it (with initials, as public), a private one is unnamed, and the
 * learner's own row says it is private.
 */
export const PrivacyByFlag: Story = {
  name: 'A public learner named like a private one, and my profile private',
  args: { period: 'day', board: ready(lookalikeBoard) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const rows = bodyRows(board(canvasElement, 'Today'));
    await expect(rows).toHaveLength(lookalikeBoard.top.length);
    // The leader is public: named as they chose, in full colour, with their initials.
    const leader = rows[0] as HTMLElement;
    await expect(lookalikeBoard.top[0]).toMatchObject({ private: false, name: PRIVATE_LEARNER_NAME });
    await expect(within(leader).getByText(PRIVATE_LEARNER_NAME)).toBeVisible();
    await expect(within(leader).getByText('AL')).toBeInTheDocument();
    // The third is private: unnamed, with the plain icon instead of initials.
    const hidden = rows[2] as HTMLElement;
    await expect(lookalikeBoard.top[2]).toMatchObject({ private: true, name: null });
    await expect(within(hidden).getByText(PRIVATE_LEARNER_NAME)).toBeVisible();
    await expect(within(hidden).queryByText(/^[A-Z]{1,2}$/)).not.toBeInTheDocument();
    // Ada's own row: her name, You, and Private (others see her unnamed).
    const own = within(myRow(canvasElement));
    await expect(own.getByText(sampleUser.username)).toBeVisible();
    await expect(own.getByText('You')).toBeVisible();
    await expect(own.getByText('Private')).toBeVisible();
    await expect(c.getAllByText('Private')).toHaveLength(1);
  },
};

/**
 * Verification is switched off on this server: the board ranks verified XP only and says so under
 * it; a row with self-reported XP shows it under its points, in words. Ada has more XP in all than
 * the leader, but less of it verified: she ranks last.
 */
export const SelfReported: Story = {
  name: 'Self-reported XP beside the ranks',
  args: { period: 'all', board: ready(selfReportedBoard) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const mine = me(selfReportedBoard);
    await expect(c.getByText(VERIFIED_RANKS_NOTE)).toBeVisible();
    const table = board(canvasElement, 'All Time');
    const rows = bodyRows(table);
    await expect(rows).toHaveLength(selfReportedBoard.top.length);
    // Every row with self-reported XP says how much, labelled, under the XP that ranks; the others say nothing.
    for (const [i, row] of selfReportedBoard.top.entries()) {
      const points = within(rows[i] as HTMLElement).getAllByRole('cell')[2];
      await expect(points).toHaveTextContent(row.selfReportedXp > 0 ? `${formatXp(row.xp)}+${formatXp(row.selfReportedXp)} self-reported` : formatXp(row.xp), {
        normalizeWhitespace: true,
      });
      if (row.selfReportedXp === 0) await expect(points).not.toHaveTextContent('self-reported');
    }
    await expect(within(table).getAllByText('self-reported')).toHaveLength(selfReportedBoard.top.filter((row) => row.selfReportedXp > 0).length);
    // Ada's own row: ranked by her verified XP, her self-reported XP beside it.
    const own = myRow(canvasElement);
    await expect(own).toBe(rows.at(-1));
    await expect(own).toHaveTextContent(`${formatXp(mine.xp)}+${formatXp(mine.selfReportedXp)} self-reported`);
    await expect(mine.xp + mine.selfReportedXp).toBeGreaterThan(selfReportedBoard.top[0]?.xp ?? Infinity);
    await expect(c.getByText(`Your rank: #${mine.rank} of ${selfReportedBoard.learners} learners`)).toBeVisible();
  },
};

/** Ada's own row, below this month's top 50, is the only one with self-reported XP: the board still says which ranks are verified. */
export const SelfReportedOffTheBoard: Story = {
  name: 'My self-reported XP, outside the top 50',
  args: { period: 'month', board: ready(selfReportedOffTheBoard) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const mine = me(selfReportedOffTheBoard);
    const rows = bodyRows(board(canvasElement, 'This Month'));
    await expect(rows.at(-2)).toHaveTextContent('Your own row: you are not in the top 50 yet');
    await expect(rows.at(-1)).toBe(myRow(canvasElement));
    await expect(rows.at(-1)).toHaveTextContent(`${formatXp(mine.xp)}+${formatXp(mine.selfReportedXp)} self-reported`);
    await expect(c.getAllByText('self-reported')).toHaveLength(1);
    await expect(c.getByText(VERIFIED_RANKS_NOTE)).toBeVisible();
  },
};

export const EmptyBoard: Story = {
  name: 'Nobody on the board today',
  args: { period: 'day', board: ready(emptyBoard) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 2, name: 'Nobody has earned XP today yet' })).toBeVisible();
    await expect(c.getByText('Tick a task in one of your paths to join the board.')).toBeVisible();
    await expect(c.getByRole('link', { name: 'Go to your paths' })).toHaveAttribute('href', '/app/paths');
    await expect(c.queryByRole('table')).not.toBeInTheDocument();
    await expect(c.queryByText(/\d XP/)).not.toBeInTheDocument();
  },
};

export const SwitchPeriod: Story = {
  name: 'Switching period',
  render: (args) => <Frame {...args} boardFor={(period) => ready(BOARDS[period])} />,
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(board(canvasElement, 'All Time')).toBeVisible();
    const week = c.getByRole('button', { name: 'This Week' });
    await userEvent.click(week);
    await expect(args.onPeriodChange).toHaveBeenCalledWith('week');
    await expect(week).toHaveAttribute('aria-pressed', 'true');
    await expect(c.getByRole('button', { name: 'All Time' })).toHaveAttribute('aria-pressed', 'false');
    // This week's board: Ada is first.
    await expect(bodyRows(board(canvasElement, 'This Week'))[0]).toBe(myRow(canvasElement));
    // And on by keyboard: Tab moves through the period buttons.
    week.focus();
    await userEvent.keyboard('{Tab}{Enter}');
    await expect(args.onPeriodChange).toHaveBeenLastCalledWith('day');
    await expect(c.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    await expect(c.getByRole('heading', { level: 2, name: 'Nobody has earned XP today yet' })).toBeVisible();
  },
};

/** This Week chosen, its board not here yet: last board stays (no flash), marked as loading. */
export const NextPeriodLoading: Story = {
  name: 'Next period loading',
  args: { period: 'week', board: ready(midwayBoard) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'This Week' })).toHaveAttribute('aria-pressed', 'true');
    await expect(c.getByRole('status')).toHaveTextContent('Loading This Week…');
    await expect(board(canvasElement, 'All Time')).toBeVisible();
    await expect(c.queryByText(/Your rank/)).not.toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { screenshot: { phone: true } },
  args: { board: { status: 'loading' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('status', { name: 'Loading the leaderboard' })).toBeVisible();
    await expect(c.queryByRole('table')).not.toBeInTheDocument();
  },
};

export const LoadError: Story = {
  name: 'Error',
  args: { board: { status: 'error', message: 'The server did not answer. Check your connection.', onRetry: fn() } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('The server did not answer. Check your connection.')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Try again' }));
    if (args.board.status === 'error') await expect(args.board.onRetry).toHaveBeenCalledOnce();
    await expect(c.queryByRole('table')).not.toBeInTheDocument();
  },
};
