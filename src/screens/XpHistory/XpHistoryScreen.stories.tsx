import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AppShell } from '../../components/AppShell/AppShell';
import { formatDate, formatXp } from '../../domain/format';
import type { XpEventView } from '../../api/xp/contract';
import { reasonLabel } from '../../domain/xp';
import { midwayFrontendPath, midwayRecords, pathsFor } from '../../fixtures/progress';
import { newLearner, sampleUser } from '../../fixtures/user';
import { historyFor, midwayHistory, midwayLedger } from '../../fixtures/xp';
import { XpHistoryScreen } from './XpHistoryScreen';

const paths = pathsFor(midwayRecords).map(({ slug, title }) => ({ slug, title }));
const frontendHistory = historyFor(midwayLedger, midwayFrontendPath.id);
/** A path Ada has not earned XP on. */
const quietPath = pathsFor(midwayRecords).find((path) => historyFor(midwayLedger, path.id).length === 0);
const ready = (data: XpEventView[]) => ({ status: 'ready' as const, data });
const sum = (events: XpEventView[]) => events.reduce((total, event) => total + event.amount, 0);

const meta = {
  title: 'Screens/XP History',
  component: XpHistoryScreen,
  parameters: { layout: 'fullscreen', route: '/app/xp-badges/history' },
  args: { events: ready(midwayHistory), paths, pathSlug: null, onPathChange: fn() },
  render: (args) => (
    <AppShell user={sampleUser} collapsed={false} onToggleCollapsed={fn()} onSignOut={fn()}>
      <XpHistoryScreen {...args} />
    </AppShell>
  ),
} satisfies Meta<typeof XpHistoryScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AllXp: Story = {
  parameters: { screenshot: { phone: true } },
  name: 'All your XP',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'XP history' })).toBeVisible();
    await expect(c.getByText(`from ${midwayHistory.length} awards, newest first.`, { exact: false })).toBeVisible();
    // Every award once, with what earned it, the reason, the path and the XP; days newest first.
    const rows = c.getAllByRole('listitem').filter((li) => li.closest('section'));
    await expect(rows).toHaveLength(midwayHistory.length);
    const [newest] = midwayHistory;
    if (!newest) throw new Error('The mid-way history has awards');
    await expect(rows[0]).toHaveTextContent(`${newest.title}${reasonLabel(newest.reason)}`);
    await expect(rows[0]).toHaveTextContent(`+${formatXp(newest.amount)}`);
    const days = c.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    await expect(days[0]).toBe(formatDate(newest.earnedOn));
    await expect(days.at(-1)).toBe(formatDate(midwayHistory.at(-1)?.earnedOn ?? ''));
    // The path filter.
    const select = c.getByRole('combobox', { name: 'Path' });
    await expect(select).toHaveDisplayValue('All paths');
    await expect(within(select).getAllByRole('option')).toHaveLength(paths.length + 1);
    await userEvent.selectOptions(select, midwayFrontendPath.title);
    await expect(args.onPathChange).toHaveBeenCalledWith(midwayFrontendPath.slug);
  },
};

export const FilteredByPath: Story = {
  name: 'Filtered by path',
  parameters: { route: `/app/xp-badges/history?path=${midwayFrontendPath.slug}` },
  args: { events: ready(frontendHistory), pathSlug: midwayFrontendPath.slug },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('combobox', { name: 'Path' })).toHaveDisplayValue(midwayFrontendPath.title);
    await expect(c.getByText(formatXp(sum(frontendHistory)))).toBeVisible();
    await expect(c.getByText(`from ${frontendHistory.length} awards on ${midwayFrontendPath.title}, newest first.`, { exact: false })).toBeVisible();
    await expect(c.queryByText(reasonLabel('badge'))).not.toBeInTheDocument();
    await userEvent.selectOptions(c.getByRole('combobox', { name: 'Path' }), 'All paths');
    await expect(args.onPathChange).toHaveBeenCalledWith(null);
  },
};

export const NothingOnThisPath: Story = {
  name: 'No XP on this path yet',
  args: { events: ready([]), pathSlug: quietPath?.slug ?? null },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { name: `No XP from ${quietPath?.title} yet` })).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Show all paths' }));
    await expect(args.onPathChange).toHaveBeenCalledWith(null);
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

export const NewLearner: Story = {
  args: { events: ready([]) },
  render: (args) => (
    <AppShell user={newLearner} collapsed={false} onToggleCollapsed={fn()} onSignOut={fn()}>
      <XpHistoryScreen {...args} />
    </AppShell>
  ),
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { name: 'Tick your first task to earn XP' })).toBeVisible();
    await expect(c.getByRole('link', { name: 'Go to your paths' })).toHaveAttribute('href', '/app/paths');
  },
};

export const Loading: Story = {
  parameters: { screenshot: { phone: true } },
  args: { events: { status: 'loading' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading your XP history' })).toBeInTheDocument();
  },
};

export const LoadError: Story = {
  name: 'Error',
  args: { events: { status: 'error', message: 'The server did not answer. Check your connection and try again.', onRetry: fn() } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('The server did not answer. Check your connection and try again.')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Try again' }));
    if (args.events.status === 'error') await expect(args.events.onRetry).toHaveBeenCalledOnce();
  },
};
