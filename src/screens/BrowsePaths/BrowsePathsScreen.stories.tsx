import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AppShell } from '../../components/AppShell/AppShell';
import { formatNumber, formatWeeks } from '../../domain/format';
import { BROWSE_CATEGORY_LABELS, pathHref, type BrowseCategory } from '../../domain/learning';
import type { PathSummary } from '../../api/learning/contract';
import { sampleUser } from '../../fixtures';
import { midwayRecords, newLearnerRecords, noPathStats, pathsFor } from '../../fixtures/progress';
import { BrowsePathsScreen, type BrowsePathsScreenProps } from './BrowsePathsScreen';

/** The catalogue with everyone's figures (one path nobody has started yet), and a brand-new PathForge. */
const catalogue = pathsFor(midwayRecords);
const brandNew = pathsFor(newLearnerRecords, noPathStats);

/** The screen inside the real frame, with search and category held in state so plays can filter. */
function StatefulBrowse({ query: q0, category: c0, onQueryChange, onCategoryChange, ...props }: BrowsePathsScreenProps) {
  const [query, setQuery] = useState(q0);
  const [category, setCategory] = useState<BrowseCategory>(c0);
  return (
    <AppShell user={sampleUser} collapsed={false} onToggleCollapsed={fn()} onSignOut={fn()}>
      <BrowsePathsScreen
        {...props}
        query={query}
        category={category}
        onQueryChange={(next) => {
          onQueryChange(next);
          setQuery(next);
        }}
        onCategoryChange={(next) => {
          onCategoryChange(next);
          setCategory(next);
        }}
      />
    </AppShell>
  );
}

const meta = {
  title: 'Screens/BrowsePaths',
  component: BrowsePathsScreen,
  parameters: { layout: 'fullscreen', route: '/app/browse-paths' },
  args: {
    paths: { status: 'ready', data: catalogue },
    query: '',
    category: 'all',
    onQueryChange: fn(),
    onCategoryChange: fn(),
  },
  render: (args) => <StatefulBrowse {...args} />,
} satisfies Meta<typeof BrowsePathsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const cardTitles = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .queryAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

const card = (canvasElement: HTMLElement, title: string) => within(within(canvasElement).getByRole('article', { name: title }));

const count = (n: number) => (n === 1 ? '1 path' : `${n} paths`);

export const All: Story = {
  parameters: { screenshot: { phone: true } },
  name: 'All paths',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Browse Paths' })).toBeVisible();
    await expect(cardTitles(canvasElement)).toEqual(catalogue.map((p) => p.title));
    await expect(c.getByRole('status')).toHaveTextContent(count(catalogue.length));
    await expect(c.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await expect(c.getByRole('button', { name: 'Web' })).toHaveAttribute('aria-pressed', 'false');
    await expect(c.getByRole('link', { name: 'All paths' })).toHaveAttribute('href', '/app/paths');
    for (const path of catalogue) {
      const one = card(canvasElement, path.title);
      await expect(one.getByRole('link', { name: path.title })).toHaveAttribute('href', pathHref(path.slug));
      await expect(one.getByText(path.summary)).toBeVisible();
      await expect(one.getByText(formatWeeks(path.durationWeeks))).toBeVisible();
      await expect(one.getByText(BROWSE_CATEGORY_LABELS[path.category])).toBeVisible();
    }
    // Everyone's figures as the API counts them; a path nobody started or rated says so.
    const popular = catalogue.find((p) => p.rating !== null && p.students > 1000) as PathSummary;
    const rating = popular.rating as NonNullable<PathSummary['rating']>;
    const first = card(canvasElement, popular.title);
    await expect(first.getByText(`${formatNumber(popular.students)} students`)).toBeVisible();
    await expect(first.getByText(`${rating.average.toFixed(1)} (${rating.count} ratings)`)).toBeVisible();
    const unrated = catalogue.find((p) => p.rating === null && p.students === 0) as PathSummary;
    const quiet = card(canvasElement, unrated.title);
    await expect(quiet.getByText('No students yet')).toBeVisible();
    await expect(quiet.getByText('No ratings yet')).toBeVisible();
  },
};

export const NobodyYet: Story = {
  name: 'No students or ratings yet',
  args: { paths: { status: 'ready', data: brandNew } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getAllByText('No students yet')).toHaveLength(brandNew.length);
    await expect(c.getAllByText('No ratings yet')).toHaveLength(brandNew.length);
    await expect(c.queryByText(/\d students/)).not.toBeInTheDocument();
    await expect(c.queryByText(/ratings\)/)).not.toBeInTheDocument();
  },
};

/** A word of one summary, typed in capitals. */
const summaryWord = 'REACT';

export const SearchCaseInsensitive: Story = {
  name: 'Search',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const search = c.getByRole('searchbox', { name: 'Search the catalogue' });
    const expected = catalogue.filter((p) => `${p.title}\n${p.summary}`.toLowerCase().includes(summaryWord.toLowerCase())).map((p) => p.title);
    await expect(expected.length).toBeGreaterThan(0);
    await expect(expected.length).toBeLessThan(catalogue.length);
    await userEvent.type(search, summaryWord);
    await waitFor(() => expect(cardTitles(canvasElement)).toEqual(expected));
    await expect(args.onQueryChange).toHaveBeenLastCalledWith(summaryWord);
    await expect(c.getByRole('status')).toHaveTextContent(count(expected.length));
  },
};

export const Category: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: BROWSE_CATEGORY_LABELS.cloud }));
    await expect(args.onCategoryChange).toHaveBeenLastCalledWith('cloud');
    const expected = catalogue.filter((p) => p.category === 'cloud').map((p) => p.title);
    await expect(expected.length).toBeGreaterThan(0);
    await waitFor(() => expect(cardTitles(canvasElement)).toEqual(expected));
    await expect(c.getByRole('button', { name: 'Cloud' })).toHaveAttribute('aria-pressed', 'true');
    await expect(c.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    await expect(c.getByRole('status')).toHaveTextContent(count(expected.length));
  },
};

export const NoResults: Story = {
  name: 'No paths match',
  args: { query: 'blockchain' },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 2, name: 'No paths match your search' })).toBeVisible();
    await expect(c.getByRole('status')).toHaveTextContent('0 paths');
    await userEvent.click(c.getByRole('button', { name: 'Clear search' }));
    await expect(args.onQueryChange).toHaveBeenLastCalledWith('');
    await waitFor(() => expect(cardTitles(canvasElement)).toHaveLength(catalogue.length));
    await expect(c.getByRole('searchbox', { name: 'Search the catalogue' })).toHaveValue('');
    // Back to the state the screenshot should show.
    await userEvent.type(c.getByRole('searchbox', { name: 'Search the catalogue' }), 'blockchain');
    await waitFor(() => expect(c.getByRole('status')).toHaveTextContent('0 paths'));
  },
};

export const Loading: Story = {
  parameters: { screenshot: { phone: true } },
  args: { paths: { status: 'loading' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading the catalogue' })).toHaveAttribute('aria-busy', 'true');
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
