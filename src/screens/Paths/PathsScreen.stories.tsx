import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AppShell } from '../../components/AppShell/AppShell';
import { DURATION_LABELS, EMPTY_PATH_FILTERS, LEVEL_LABELS, pathHref, type PathFilters } from '../../domain/learning';
import type { PathSummary } from '../../api/learning/contract';
import { sampleUser } from '../../fixtures';
import { midwayRecords, newLearnerRecords, pathsFor } from '../../fixtures/progress';
import { PathsScreen, type PathsScreenProps } from './PathsScreen';

/** Ada, mid-way through one path; and someone who has just registered. */
const midway = pathsFor(midwayRecords);
const fresh = pathsFor(newLearnerRecords);
const started = midway.filter((p) => p.started);

/** The screen inside the real frame, with the filters held in state so plays can filter. */
function StatefulPaths({ filters: initial, onFiltersChange, ...props }: PathsScreenProps) {
  const [filters, setFilters] = useState<PathFilters>(initial);
  return (
    <AppShell user={sampleUser} collapsed={false} onToggleCollapsed={fn()} onSignOut={fn()}>
      <PathsScreen
        {...props}
        filters={filters}
        onFiltersChange={(next) => {
          onFiltersChange(next);
          setFilters(next);
        }}
      />
    </AppShell>
  );
}

const meta = {
  title: 'Screens/Paths',
  component: PathsScreen,
  parameters: { layout: 'fullscreen', route: '/app/paths' },
  args: { paths: { status: 'ready', data: midway }, filters: EMPTY_PATH_FILTERS, onFiltersChange: fn() },
  render: (args) => <StatefulPaths {...args} />,
} satisfies Meta<typeof PathsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const cardTitles = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .queryAllByRole('article')
    .map((article) => within(article).getByRole('heading', { level: 2 }).textContent);

const card = (canvasElement: HTMLElement, title: string) => within(within(canvasElement).getByRole('article', { name: title }));

/** What a learner expects to see for some filters (told independently of the screen's rule). */
function expectedTitles(list: PathSummary[], { query, level, duration }: PathFilters): string[] {
  const needle = query.trim().toLowerCase();
  const bucket = (hours: number) => (hours <= 50 ? 'short' : hours <= 80 ? 'medium' : 'long');
  return list
    .filter((p) => needle === '' || `${p.title}\n${p.summary}`.toLowerCase().includes(needle))
    .filter((p) => level === 'all' || p.level === level)
    .filter((p) => duration === 'all' || bucket(p.totalHours) === duration)
    .map((p) => p.title);
}

export const MidWay: Story = {
  parameters: { screenshot: { phone: true } },
  name: 'Learner mid-way',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Learning Paths' })).toBeVisible();
    await expect(c.getByPlaceholderText('Search paths...')).toHaveAccessibleName('Search paths');
    await expect(c.getByRole('combobox', { name: 'Level' })).toHaveValue('all');
    await expect(c.getByRole('combobox', { name: 'Duration' })).toHaveValue('all');
    await expect(c.getByRole('status')).toHaveTextContent(`${midway.length} paths`);
    await expect(cardTitles(canvasElement)).toEqual(midway.map((p) => p.title));
    await expect(c.getByRole('link', { name: 'Browse all paths' })).toHaveAttribute('href', '/app/browse-paths');
    await expect(c.queryByText(/You haven’t started a path yet/)).not.toBeInTheDocument();

    // The path Ada works on: her own progress, and the way back in.
    expect(started).toHaveLength(1);
    const current = started[0] as PathSummary;
    const mine = card(canvasElement, current.title);
    await expect(mine.getByText(`${current.progress.totalProjects} projects`)).toBeVisible();
    await expect(mine.getByText(`${current.totalHours} hours`)).toBeVisible();
    await expect(mine.getByText(current.summary)).toBeVisible();
    await expect(mine.getByText(LEVEL_LABELS[current.level])).toBeVisible();
    await expect(mine.getByText(`${current.progress.completedProjects} of ${current.progress.totalProjects} projects completed`)).toBeVisible();
    await expect(mine.getByRole('progressbar', { name: `Your progress on ${current.title}` })).toHaveAttribute('aria-valuenow', String(current.progress.percent));
    await expect(mine.getByText(`${current.progress.percent}%`)).toBeVisible();
    await expect(mine.getByRole('link', { name: `Continue Path: ${current.title}` })).toHaveAttribute('href', pathHref(current.slug));

    // Every other path: not started, no invented numbers, its own Start Path link.
    for (const path of midway.filter((p) => !p.started)) {
      const other = card(canvasElement, path.title);
      await expect(other.getByText('Not started')).toBeVisible();
      await expect(other.queryByRole('progressbar')).not.toBeInTheDocument();
      await expect(other.getByRole('link', { name: `Start Path: ${path.title}` })).toHaveAttribute('href', pathHref(path.slug));
    }
  },
};

export const NewLearner: Story = {
  name: 'New learner',
  args: { paths: { status: 'ready', data: fresh } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Welcome! You haven’t started a path yet.')).toBeVisible();
    await expect(c.getAllByText('Not started')).toHaveLength(fresh.length);
    await expect(c.queryByRole('progressbar')).not.toBeInTheDocument();
    await expect(c.queryByRole('link', { name: /^Continue Path/ })).not.toBeInTheDocument();
    const starts = c.getAllByRole('link', { name: /^Start Path: / });
    await expect(starts.map((link) => link.getAttribute('href'))).toEqual(fresh.map((p) => pathHref(p.slug)));
  },
};

export const FilteredByLevel: Story = {
  name: 'Filtered by Level',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.selectOptions(c.getByRole('combobox', { name: 'Level' }), LEVEL_LABELS.advanced);
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith({ query: '', level: 'advanced', duration: 'all' });
    const expected = expectedTitles(midway, { query: '', level: 'advanced', duration: 'all' });
    await expect(expected.length).toBeGreaterThan(0);
    await waitFor(() => expect(cardTitles(canvasElement)).toEqual(expected));
    await expect(c.getByRole('status')).toHaveTextContent(`${expected.length} path`);
    for (const article of c.getAllByRole('article')) await expect(within(article).getByText(LEVEL_LABELS.advanced)).toBeVisible();
  },
};

/** One word of one path's title, typed in capitals: that path (and any other that says it) stays. */
const searchWord = (midway.find((p) => p.level === 'advanced' && p.category === 'cloud') ?? midway[0])?.title.split(' ')[0] ?? '';

export const Search: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const expected = expectedTitles(midway, { query: searchWord, level: 'all', duration: 'all' });
    await expect(expected.length).toBeGreaterThan(0);
    await expect(expected.length).toBeLessThan(midway.length);
    await userEvent.type(c.getByRole('searchbox', { name: 'Search paths' }), searchWord.toUpperCase());
    await waitFor(() => expect(cardTitles(canvasElement)).toEqual(expected));
    await expect(c.getByRole('status')).toHaveTextContent(expected.length === 1 ? '1 path' : `${expected.length} paths`);
    await expect(c.getByRole('status')).toHaveAttribute('aria-live', 'polite');
  },
};

export const CombinedFilters: Story = {
  name: 'Level and duration combined',
  args: { filters: { query: '', level: 'intermediate', duration: 'all' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const duration = c.getByRole('combobox', { name: 'Duration' });
    await expect(cardTitles(canvasElement)).toEqual(expectedTitles(midway, { query: '', level: 'intermediate', duration: 'all' }));
    for (const bucket of ['long', 'short', 'medium'] as const) {
      // By value: user-event compares an option's innerHTML, where ">" is "&gt;".
      await userEvent.selectOptions(duration, bucket);
      await expect(duration).toHaveDisplayValue(DURATION_LABELS[bucket]);
      const expected = expectedTitles(midway, { query: '', level: 'intermediate', duration: bucket });
      await waitFor(() => expect(cardTitles(canvasElement)).toEqual(expected));
      await expect(c.getByRole('status')).toHaveTextContent(expected.length === 1 ? '1 path' : `${expected.length} paths`);
    }
  },
};

export const NoResults: Story = {
  name: 'No paths match',
  args: { filters: { query: 'quantum', level: 'all', duration: 'all' } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 2, name: 'No paths match your search' })).toBeVisible();
    await expect(c.getByRole('status')).toHaveTextContent('0 paths');
    await userEvent.click(c.getByRole('button', { name: 'Clear filters' }));
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith(EMPTY_PATH_FILTERS);
    await waitFor(() => expect(cardTitles(canvasElement)).toHaveLength(midway.length));
    await expect(c.getByRole('searchbox', { name: 'Search paths' })).toHaveValue('');
    // Back to the state the screenshot should show.
    await userEvent.type(c.getByRole('searchbox', { name: 'Search paths' }), 'quantum');
    await waitFor(() => expect(c.getByRole('status')).toHaveTextContent('0 paths'));
  },
};

export const Loading: Story = {
  parameters: { screenshot: { phone: true } },
  args: { paths: { status: 'loading' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading learning paths' })).toHaveAttribute('aria-busy', 'true');
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: { paths: { status: 'error', message: 'The server did not answer. Check your connection.', onRetry: fn() } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('The server did not answer. Check your connection.')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Try again' }));
    if (args.paths.status === 'error') await expect(args.paths.onRetry).toHaveBeenCalledOnce();
  },
};
