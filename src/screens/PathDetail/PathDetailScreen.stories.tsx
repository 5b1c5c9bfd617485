import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { AppShell } from '../../components/AppShell/AppShell';
import type { PathDetail } from '../../domain/learning';
import { allCompletedPathDetail, firstUnlockedOnlyPathDetail, pathDetails, sampleUser } from '../../fixtures';
import { PathDetailScreen } from './PathDetailScreen';

const frontend = pathDetails['1'] as PathDetail;

const meta = {
  title: 'Screens/PathDetail',
  component: PathDetailScreen,
  parameters: { layout: 'fullscreen', route: '/app/paths/1' },
  args: { path: { status: 'ready', data: frontend } },
  render: (args) => (
    <AppShell user={sampleUser} collapsed={false} onToggleCollapsed={fn()} onSignOut={fn()}>
      <PathDetailScreen {...args} />
    </AppShell>
  ),
} satisfies Meta<typeof PathDetailScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const card = (canvasElement: HTMLElement, title: string) =>
  within(within(canvasElement).getByRole('article', { name: title }));

export const MixedStatuses: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Frontend Development' })).toBeVisible();
    await expect(c.getByText('3/6 projects')).toBeVisible();
    await expect(c.getByText('48 hours')).toBeVisible();
    await expect(c.getByText(`${frontend.progress}% complete`)).toBeVisible();
    const bar = c.getByRole('progressbar', { name: 'Path progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', String(frontend.progress));
    await expect(c.getByRole('link', { name: 'All paths' })).toHaveAttribute('href', '/app/paths');
    // Sections are light subheadings; the projects stay in order.
    await expect(c.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Foundations',
      'Interactivity',
      'Modern Frameworks',
    ]);

    const done = card(canvasElement, 'Personal Portfolio');
    await expect(done.getByText('Completed')).toBeVisible();
    await expect(done.getByRole('link', { name: /^View Project/ })).toHaveAttribute(
      'href',
      '/app/paths/1/projects/Personal%20Portfolio',
    );
    const current = card(canvasElement, 'Weather Dashboard');
    await expect(current.getByText('In progress')).toBeVisible();
    await expect(current.getByText('1,000 XP')).toBeVisible();
    await expect(current.getByRole('link', { name: /^Continue Project/ })).toHaveAttribute(
      'href',
      '/app/paths/1/projects/Weather%20Dashboard',
    );
    const locked = card(canvasElement, 'Task Manager with React');
    await expect(locked.getByText('Locked')).toBeVisible();
    await expect(locked.getByText('Complete the previous project to unlock')).toBeVisible();
    await expect(locked.queryByRole('link')).not.toBeInTheDocument();
    await expect(locked.queryByRole('button')).not.toBeInTheDocument();
    await expect(c.getAllByRole('link', { name: /^(View|Continue) Project/ })).toHaveLength(4);
  },
};

export const AllCompleted: Story = {
  args: { path: { status: 'ready', data: allCompletedPathDetail } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('6/6 projects')).toBeVisible();
    await expect(c.getByText('100% complete')).toBeVisible();
    await expect(c.getAllByRole('link', { name: /^View Project/ })).toHaveLength(6);
    await expect(c.queryByText('Complete the previous project to unlock')).not.toBeInTheDocument();
  },
};

export const FirstUnlockedOnly: Story = {
  name: 'Only the first project open',
  args: { path: { status: 'ready', data: firstUnlockedOnlyPathDetail } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('0/6 projects')).toBeVisible();
    await expect(c.getByText('0% complete')).toBeVisible();
    await expect(c.getAllByRole('link', { name: /^Continue Project/ })).toHaveLength(1);
    await expect(c.queryByRole('link', { name: /^View Project/ })).not.toBeInTheDocument();
    await expect(c.getAllByText('Complete the previous project to unlock')).toHaveLength(5);
  },
};

export const NotFound: Story = {
  name: 'Path not found',
  args: { path: { status: 'ready', data: null } },
  parameters: { route: '/app/paths/42' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Path not found' })).toBeVisible();
    await expect(c.getByRole('link', { name: 'All paths' })).toHaveAttribute('href', '/app/paths');
  },
};

export const Loading: Story = {
  args: { path: { status: 'loading' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading the path' })).toBeVisible();
  },
};

