import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AppShell } from '../../components/AppShell/AppShell';
import type { BrowseCategory } from '../../domain/learning';
import { browsePaths, sampleUser } from '../../fixtures';
import { BrowsePathsScreen, type BrowsePathsScreenProps } from './BrowsePathsScreen';

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
    paths: { status: 'ready', data: browsePaths },
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

export const All: Story = {
  name: 'All paths',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Browse Paths' })).toBeVisible();
    await expect(cardTitles(canvasElement)).toEqual(browsePaths.map((p) => p.title));
    await expect(c.getByRole('status')).toHaveTextContent('6 paths');
    await expect(c.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await expect(c.getByRole('button', { name: 'Web' })).toHaveAttribute('aria-pressed', 'false');
    await expect(c.getByRole('link', { name: 'Frontend Development' })).toHaveAttribute('href', '/app/paths/1');
    await expect(c.getByRole('link', { name: 'Cybersecurity' })).toHaveAttribute('href', '/app/paths/6');
    await expect(c.getByRole('link', { name: 'All paths' })).toHaveAttribute('href', '/app/paths');
    const frontend = within(c.getByRole('article', { name: /Frontend Development/ }));
    await expect(frontend.getByText('12,480 students')).toBeVisible();
    await expect(frontend.getByText('8 weeks')).toBeVisible();
    await expect(frontend.getByText('Rated 4.8 out of 5')).toBeInTheDocument();
  },
};

export const SearchCaseInsensitive: Story = {
  name: 'Search',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const search = c.getByRole('searchbox', { name: 'Search the catalogue' });
    await userEvent.type(search, 'REACT');
    // "React" is in two titles/descriptions: Frontend (description) and Mobile, Full Stack.
    await waitFor(() =>
      expect(cardTitles(canvasElement)).toEqual(['Frontend Development', 'Mobile Development', 'Full Stack Development']),
    );
    await expect(args.onQueryChange).toHaveBeenLastCalledWith('REACT');
    // A word only in a description.
    await userEvent.clear(search);
    await userEvent.type(search, 'vulnerabilities');
    await waitFor(() => expect(cardTitles(canvasElement)).toEqual(['Cybersecurity']));
    await expect(c.getByRole('status')).toHaveTextContent('1 path');
  },
};

export const Category: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Data' }));
    await expect(args.onCategoryChange).toHaveBeenLastCalledWith('data');
    await waitFor(() => expect(cardTitles(canvasElement)).toEqual(['Backend Development', 'Cloud Computing']));
    await expect(c.getByRole('button', { name: 'Data' })).toHaveAttribute('aria-pressed', 'true');
    await expect(c.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    await expect(c.getByRole('status')).toHaveTextContent('2 paths');
  },
};

export const NoResults: Story = {
  name: 'No paths match',
  args: { query: 'blockchain' },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 2, name: 'No paths match your search' })).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Clear search' }));
    await expect(args.onQueryChange).toHaveBeenLastCalledWith('');
    await waitFor(() => expect(cardTitles(canvasElement)).toHaveLength(6));
    await expect(c.getByRole('searchbox', { name: 'Search the catalogue' })).toHaveValue('');
  },
};

