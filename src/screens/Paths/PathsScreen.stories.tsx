import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AppShell } from '../../components/AppShell/AppShell';
import { EMPTY_PATH_FILTERS, type PathFilters } from '../../domain/learning';
import { paths, sampleUser } from '../../fixtures';
import { PathsScreen, type PathsScreenProps } from './PathsScreen';

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
  args: { paths: { status: 'ready', data: paths }, filters: EMPTY_PATH_FILTERS, onFiltersChange: fn() },
  render: (args) => <StatefulPaths {...args} />,
} satisfies Meta<typeof PathsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const cardTitles = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .queryAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

export const All: Story = {
  name: 'All paths',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Learning Paths' })).toBeVisible();
    await expect(c.getByPlaceholderText('Search paths...')).toHaveAccessibleName('Search paths');
    await expect(c.getByRole('combobox', { name: 'Level' })).toHaveValue('all');
    await expect(c.getByRole('combobox', { name: 'Duration' })).toHaveValue('all');
    await expect(c.getByRole('status')).toHaveTextContent('6 paths');
    await expect(cardTitles(canvasElement)).toHaveLength(6);
    // Every card starts its own path (the spec's cards all went to /app/paths/1).
    const starts = c.getAllByRole('link', { name: /^Start Path/ });
    await expect(starts.map((link) => link.getAttribute('href'))).toEqual(paths.map((p) => `/app/paths/${p.id}`));
    await expect(c.getByRole('link', { name: 'Start Path: Cloud Computing' })).toHaveAttribute('href', '/app/paths/4');
    await expect(c.getByRole('link', { name: 'Browse all paths' })).toHaveAttribute('href', '/app/browse-paths');
    await expect(c.getAllByText('6 projects')[0]).toBeVisible();
    await expect(c.getByText('48 hours')).toBeVisible();
  },
};

export const FilteredByLevel: Story = {
  name: 'Filtered by Level',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.selectOptions(c.getByRole('combobox', { name: 'Level' }), 'Advanced');
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith({ query: '', level: 'advanced', duration: 'all' });
    const expected = paths.filter((p) => p.level === 'advanced').map((p) => p.title);
    await waitFor(() => expect(cardTitles(canvasElement)).toEqual(expected));
    await expect(c.getByRole('status')).toHaveTextContent(`${expected.length} paths`);
    for (const card of c.getAllByRole('article')) await expect(within(card).getByText('Advanced')).toBeVisible();
  },
};

export const Search: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByRole('searchbox', { name: 'Search paths' }), 'cloud');
    await waitFor(() => expect(cardTitles(canvasElement)).toEqual(['Cloud Computing']));
    await expect(c.getByRole('status')).toHaveTextContent('1 path');
    await expect(c.getByRole('status')).toHaveAttribute('aria-live', 'polite');
  },
};

export const CombinedFilters: Story = {
  args: { filters: { query: 'development', level: 'intermediate', duration: 'all' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(cardTitles(canvasElement)).toEqual(['Backend Development', 'Mobile Development']);
    await userEvent.selectOptions(c.getByRole('combobox', { name: 'Duration' }), 'Short (≤50h)');
    // No intermediate "development" path is that short: the filters combine.
    await waitFor(() => expect(c.getByRole('status')).toHaveTextContent('0 paths'));
    await userEvent.selectOptions(c.getByRole('combobox', { name: 'Duration' }), 'Medium (51-80h)');
    await waitFor(() => expect(cardTitles(canvasElement)).toEqual(['Backend Development', 'Mobile Development']));
    await userEvent.selectOptions(c.getByRole('combobox', { name: 'Level' }), 'Beginner');
    await waitFor(() => expect(c.getByRole('status')).toHaveTextContent('0 paths'));
    await userEvent.selectOptions(c.getByRole('combobox', { name: 'Level' }), 'Intermediate');
    await userEvent.clear(c.getByRole('searchbox', { name: 'Search paths' }));
    await userEvent.type(c.getByRole('searchbox', { name: 'Search paths' }), 'MOBILE');
    await waitFor(() => expect(cardTitles(canvasElement)).toEqual(['Mobile Development']));
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
    await waitFor(() => expect(cardTitles(canvasElement)).toHaveLength(6));
    await expect(c.getByRole('searchbox', { name: 'Search paths' })).toHaveValue('');
  },
};

export const Loading: Story = {
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

