import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { AppShell } from '../../components/AppShell/AppShell';
import { repoUrlMessages, type ProjectDetail } from '../../domain/learning';
import { completedProject, freshProject, inProgressProject, lockedProject, sampleUser } from '../../fixtures';
import { ProjectScreen, type ProjectScreenProps } from './ProjectScreen';
import { HELP_REQUIRED_MESSAGE } from './parts/HelpCard';

/** The screen with its lifted state held here, so plays exercise real behaviour; every change is still reported. */
function Stateful(args: ProjectScreenProps) {
  const [mode, setMode] = useState(args.mode);
  const [tab, setTab] = useState(args.tab);
  const [tasks, setTasks] = useState(args.tasks);
  const [submission, setSubmission] = useState(args.submission);
  return (
    <AppShell user={sampleUser} collapsed={false} onToggleCollapsed={fn()} onSignOut={fn()}>
      <ProjectScreen
        {...args}
        mode={mode}
        onModeChange={(next) => {
          args.onModeChange(next);
          setMode(next);
        }}
        tab={tab}
        onTabChange={(next) => {
          args.onTabChange(next);
          setTab(next);
        }}
        tasks={tasks}
        onToggleTask={(id) => {
          args.onToggleTask(id);
          setTasks((current) => current.map((task) => (task.id === id ? { ...task, completed: !task.completed } : task)));
        }}
        submission={submission}
        onSubmit={(url) => {
          args.onSubmit(url);
          setSubmission({ status: 'submitted', url });
        }}
      />
    </AppShell>
  );
}

const ready = (project: ProjectDetail) => ({
  project: { status: 'ready' as const, data: project },
  tasks: project.tasks,
});

const routeOf = (project: ProjectDetail) => `/app/paths/1/projects/${encodeURIComponent(project.title)}`;

const meta = {
  title: 'Screens/Project',
  component: ProjectScreen,
  parameters: { layout: 'fullscreen', route: routeOf(inProgressProject) },
  args: {
    ...ready(inProgressProject),
    pathId: '1',
    mode: 'overview',
    tab: 'overview',
    submission: { status: 'idle' },
    onModeChange: fn(),
    onTabChange: fn(),
    onToggleTask: fn(),
    onSubmit: fn(),
    onAskForHelp: fn(),
  },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof ProjectScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const workspace = { mode: 'workspace' as const };
const progressText = (done: number, total: number) => `${done} of ${total} tasks completed`;

export const OverviewTab: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const p = inProgressProject;
    await expect(c.getByRole('heading', { level: 1, name: p.title })).toBeVisible();
    await expect(c.getByRole('link', { name: 'Back to path' })).toHaveAttribute('href', '/app/paths/1');
    await expect(c.getByText('In progress')).toBeVisible();
    await expect(c.getByRole('button', { name: 'Start Project' })).toBeVisible();
    await expect(c.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await expect(c.getByText(p.duration)).toBeVisible();
    await expect(c.getByText(`${p.xp.toLocaleString('en-US')} XP`)).toBeVisible();
    await expect(c.getByText(`${p.progress}%`, { selector: 'dd' })).toBeVisible();
    for (const objective of p.learningObjectives) await expect(c.getByText(objective)).toBeVisible();
    for (const skill of p.skillsYoullLearn) await expect(c.getByText(skill)).toBeVisible();
    const done = p.tasks.filter((task) => task.completed).length;
    await expect(c.getByText(progressText(done, p.tasks.length))).toBeVisible();
    await expect(c.getByRole('progressbar', { name: 'Project progress' })).toHaveAttribute('aria-valuenow', String(p.progress));
    await expect(c.getByRole('button', { name: 'Ask for Help' })).toBeVisible();
  },
};

export const RequirementsTab: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('tab', { name: 'Requirements' }));
    await expect(args.onTabChange).toHaveBeenCalledWith('requirements');
    await expect(c.getByRole('tab', { name: 'Requirements' })).toHaveAttribute('aria-selected', 'true');
    for (const requirement of inProgressProject.requirements) await expect(c.getByText(requirement)).toBeVisible();
    await expect(c.queryByText(inProgressProject.learningObjectives[0] as string)).not.toBeVisible();
  },
};

export const ResourcesTab: Story = {
  args: { tab: 'resources' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('tab', { name: 'Resources' })).toHaveAttribute('aria-selected', 'true');
    for (const resource of inProgressProject.resources) {
      const link = c.getByRole('link', { name: `${resource.title} (opens in a new tab)` });
      await expect(link).toHaveAttribute('href', resource.url);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  },
};

export const Locked: Story = {
  name: 'Locked project',
  args: { ...ready(lockedProject), mode: 'workspace' },
  parameters: { route: routeOf(lockedProject) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    // A locked project has no workspace, even when asked for one.
    await expect(c.getByRole('heading', { level: 1, name: lockedProject.title })).toBeVisible();
    await expect(c.getByText('Locked')).toBeVisible();
    await expect(
      c.getByText('This project is locked. Complete the previous project in this path to unlock it.'),
    ).toBeVisible();
    await expect(c.getByRole('link', { name: 'Go to the path' })).toHaveAttribute('href', '/app/paths/1');
    await expect(c.queryByRole('button', { name: /Start Project|Open Workspace/ })).not.toBeInTheDocument();
    await expect(c.queryByRole('button', { name: 'Back to project details' })).not.toBeInTheDocument();
  },
};

export const Completed: Story = {
  args: ready(completedProject),
  parameters: { route: routeOf(completedProject) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Completed')).toBeVisible();
    await expect(c.getByText('100%', { selector: 'dd' })).toBeVisible();
    const total = completedProject.tasks.length;
    await expect(c.getByText(progressText(total, total))).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Open Workspace' }));
    for (const task of completedProject.tasks) await expect(c.getByRole('checkbox', { name: task.title })).toBeChecked();
  },
};

export const WorkspaceNoneDone: Story = {
  args: { ...ready(freshProject), ...workspace },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const total = freshProject.tasks.length;
    await expect(c.getByText('Project workspace')).toBeVisible();
    await expect(c.getByText(progressText(0, total))).toBeVisible();
    await expect(c.getByRole('progressbar', { name: 'Tasks completed' })).toHaveAttribute('aria-valuenow', '0');
    for (const task of freshProject.tasks) await expect(c.getByRole('checkbox', { name: task.title })).not.toBeChecked();
    await expect(c.getByRole('heading', { name: 'Code Editor' })).toBeVisible();
    await expect(c.getByRole('heading', { name: 'Project Goals' })).toBeVisible();
    await expect(c.getByLabelText('GitHub Repository URL')).toHaveValue('');
  },
};

export const WorkspaceSomeDone: Story = {
  args: workspace,
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const total = inProgressProject.tasks.length;
    const done = inProgressProject.tasks.filter((task) => task.completed).length;
    const open = inProgressProject.tasks.find((task) => !task.completed);
    if (!open) throw new Error('The fixture needs an open task');
    const bar = c.getByRole('progressbar', { name: 'Tasks completed' });
    const percent = (n: number) => String(Math.round((n / total) * 100));
    await expect(c.getByText(progressText(done, total))).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuenow', percent(done));

    await userEvent.click(c.getByText(open.title));
    await expect(args.onToggleTask).toHaveBeenCalledWith(open.id);
    await expect(c.getByRole('checkbox', { name: open.title })).toBeChecked();
    await expect(c.getByText(progressText(done + 1, total))).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuenow', percent(done + 1));

    await userEvent.click(c.getByText(open.title));
    await expect(c.getByRole('checkbox', { name: open.title })).not.toBeChecked();
    await expect(c.getByText(progressText(done, total))).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuenow', percent(done));
  },
};

export const WorkspaceAllDone: Story = {
  args: { ...ready(completedProject), ...workspace },
  parameters: { route: routeOf(completedProject) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const total = completedProject.tasks.length;
    await expect(c.getByText(progressText(total, total))).toBeVisible();
    await expect(c.getByRole('progressbar', { name: 'Tasks completed' })).toHaveAttribute('aria-valuenow', '100');
    // The editor placeholder explains itself on demand.
    const connect = c.getByRole('button', { name: 'Connect Repository' });
    await userEvent.click(connect);
    await expect(connect).toHaveAttribute('aria-expanded', 'true');
    await expect(c.getByText(/Work in your own GitHub repository/)).toBeVisible();
  },
};

const urlInput = (canvasElement: HTMLElement) => within(canvasElement).getByLabelText('GitHub Repository URL');

export const Submitted: Story = {
  name: 'Project submitted',
  args: workspace,
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(urlInput(canvasElement), '  https://github.com/ada/weather-dashboard ');
    await userEvent.click(c.getByRole('button', { name: 'Submit' }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(args.onSubmit).toHaveBeenCalledWith('https://github.com/ada/weather-dashboard');
    await expect(c.getByRole('heading', { name: 'Submitted for review' })).toBeVisible();
    await expect(c.getByText('Submitted', { exact: true })).toBeVisible();
    await expect(c.getByRole('link', { name: /https:\/\/github\.com\/ada\/weather-dashboard/ })).toHaveAttribute(
      'href',
      'https://github.com/ada/weather-dashboard',
    );
    await expect(c.queryByLabelText('GitHub Repository URL')).not.toBeInTheDocument();
  },
};

export const InvalidUrl: Story = {
  name: 'Invalid repository URL',
  args: workspace,
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const input = urlInput(canvasElement);
    await userEvent.type(input, 'http://gitlab.com/x/y');
    await userEvent.click(c.getByRole('button', { name: 'Submit' }));
    await expect(c.getByText(repoUrlMessages.invalid)).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(repoUrlMessages.invalid);
    await expect(input).toHaveValue('http://gitlab.com/x/y');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const EmptyUrl: Story = {
  name: 'Empty repository URL',
  args: workspace,
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Submit' }));
    const input = urlInput(canvasElement);
    await expect(c.getByText(repoUrlMessages.required)).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(repoUrlMessages.required);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const AskForHelpDialog: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Ask for Help' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for Help' });
    const d = within(dialog);
    await userEvent.click(d.getByRole('button', { name: 'Send' }));
    const field = d.getByLabelText('What are you stuck on?');
    await expect(d.getByText(HELP_REQUIRED_MESSAGE)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onAskForHelp).not.toHaveBeenCalled();
    await userEvent.type(field, 'My fetch call returns a CORS error.');
    await userEvent.click(d.getByRole('button', { name: 'Send' }));
    await expect(args.onAskForHelp).toHaveBeenCalledOnce();
    await expect(args.onAskForHelp).toHaveBeenCalledWith('My fetch call returns a CORS error.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** The dialog left open with its message, so the screenshot shows it. */
export const AskForHelpRequired: Story = {
  name: 'Ask for Help with an empty question',
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Ask for Help' }));
    const d = within(await screen.findByRole('dialog', { name: 'Ask for Help' }));
    await userEvent.click(d.getByRole('button', { name: 'Send' }));
    const field = d.getByLabelText('What are you stuck on?');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(HELP_REQUIRED_MESSAGE);
    await expect(args.onAskForHelp).not.toHaveBeenCalled();
  },
};

export const ExitWorkspace: Story = {
  args: workspace,
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Back to project details' }));
    await expect(args.onModeChange).toHaveBeenCalledWith('overview');
    await expect(c.getByRole('tab', { name: 'Overview' })).toBeVisible();
    await expect(c.getByRole('heading', { level: 1, name: inProgressProject.title })).toHaveFocus();
    await userEvent.click(c.getByRole('button', { name: 'Start Project' }));
    await expect(args.onModeChange).toHaveBeenLastCalledWith('workspace');
    await expect(c.getByRole('button', { name: 'Back to project details' })).toBeVisible();
  },
};

export const NotFound: Story = {
  args: { project: { status: 'ready', data: null }, tasks: [] },
  parameters: { route: '/app/paths/1/projects/Nope' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Project not found' })).toBeVisible();
    await expect(c.getByRole('link', { name: 'Back to path' })).toHaveAttribute('href', '/app/paths/1');
  },
};

export const Loading: Story = {
  args: { project: { status: 'loading' }, tasks: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading the project' })).toBeVisible();
  },
};

