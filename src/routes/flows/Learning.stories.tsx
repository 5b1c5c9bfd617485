import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { messages } from '../../api/common/client';
import { projectHref } from '../../domain/learning';
import { formatXp } from '../../domain/format';
import { learningMessages } from '../../domain/learning';
import type { ProjectDetailView } from '../../api/learning/contract';
import { REPORT_POLL_MS, verificationMessages } from '../../domain/verification';
import { SUBMITTED_CHECKING_TEXT } from '../../screens/Project/parts/SubmitBox';
import { authHandlers, sampleToken } from '../../fixtures/msw/auth';
import { learningHandlers, tickDownHandlers } from '../../fixtures/msw/learning';
import { availableProjectView, inProgressProjectView, midwayRecords, newLearnerRecords, readyToSubmitProjectView, recordsFor } from '../../fixtures/progress';
import { sampleUser } from '../../fixtures/user';
import { fourthProjectMoment } from '../../fixtures/xp';
import { useSession } from '../../stores/session';
import { AppFlow } from './AppFlow';
import { toast } from './toast';

/**
 * A project page through the real route table, container, queries and mutations, with MSW
 * answering as the learning API does (src/fixtures/msw/learning.ts: the server's shapes and rules
 * over content/). Each story gets its own API, so what one changes never leaks into another. The
 * screen's own states are in Screens/Project.
 */
const api = (records = midwayRecords) => [...learningHandlers({ records }), ...authHandlers];
const workspaceOf = (project: ProjectDetailView) => `${projectHref(project.path.slug, project.slug)}?view=workspace`;

const meta = {
  title: 'Flows/Learning',
  component: AppFlow,
  // No docs page: each story runs the whole app with the one session store, so they cannot share a page.
  tags: ['!autodocs'],
  parameters: { ownRouter: true, layout: 'fullscreen' },
  args: { initialPath: workspaceOf(inProgressProjectView) },
  beforeEach: () => {
    useSession.getState().signedIn(sampleUser, sampleToken);
  },
} satisfies Meta<typeof AppFlow>;
export default meta;
type Story = StoryObj<typeof meta>;

const counted = (done: number, total: number) => `${done} of ${total} tasks completed`;

/** The workspace once its project has loaded. */
async function workspace(project: ProjectDetailView) {
  await expect(await screen.findByText('Project workspace', {}, { timeout: 5000 })).toBeVisible();
  await expect(screen.getByRole('heading', { level: 1, name: project.title })).toBeVisible();
  return within(screen.getByRole('main'));
}

const firstOpen = (project: ProjectDetailView) => {
  const task = project.tasks.find((t) => !t.completed);
  if (!task) throw new Error('The fixture needs an open task');
  return task;
};

export const TickSaved: Story = {
  name: 'Tick a task',
  parameters: { msw: api() },
  play: async () => {
    const p = inProgressProjectView;
    const task = firstOpen(p);
    const page = await workspace(p);
    await expect(page.getByText(counted(p.progress.completed, p.progress.total))).toBeVisible();
    await userEvent.click(page.getByRole('checkbox', { name: task.title }));
    await expect(page.getByText(counted(p.progress.completed + 1, p.progress.total))).toBeVisible();
    // The API agreed: once the tick settles the project is fetched again, and the tick stays.
    await waitFor(() => expect(page.getByRole('checkbox', { name: task.title })).toBeChecked());
    await expect(screen.queryByRole('status', { name: /Couldn’t save/ })).not.toBeInTheDocument();
  },
};

export const TickRolledBack: Story = {
  name: 'Tick not saved',
  parameters: { msw: [...tickDownHandlers, ...api()] },
  play: async () => {
    const p = inProgressProjectView;
    const task = firstOpen(p);
    const page = await workspace(p);
    await userEvent.click(page.getByRole('checkbox', { name: task.title }));
    await expect(await toast(`Couldn’t save “${task.title}”. ${messages.unreachable}`)).toBeVisible();
    // Rolled back: the box and the count are as the API has them.
    await waitFor(() => expect(page.getByRole('checkbox', { name: task.title })).not.toBeChecked());
    await expect(page.getByText(counted(p.progress.completed, p.progress.total))).toBeVisible();
  },
};

export const SubmitWithOpenTasks: Story = {
  name: 'Submit with tasks still open',
  parameters: { msw: api() },
  play: async () => {
    const p = inProgressProjectView;
    const page = await workspace(p);
    const url = 'https://github.com/ada-lovelace/weather-dashboard';
    await userEvent.type(page.getByLabelText('GitHub Repository URL'), url);
    await userEvent.click(page.getByRole('button', { name: 'Submit' }));
    const open = p.tasks.filter((t) => !t.completed).map((t) => t.title);
    await expect(await page.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(learningMessages.openTasks(open));
    await expect(page.getByLabelText('GitHub Repository URL')).toHaveValue(url);
    await expect(screen.queryByRole('status', { name: /submitted/i })).not.toBeInTheDocument();
  },
};

export const SubmitAccepted: Story = {
  name: 'Submit a finished project: XP counted, level reached',
  args: { initialPath: workspaceOf(readyToSubmitProjectView) },
  parameters: { msw: api(recordsFor('frontend-development', 3, 99)) },
  play: async () => {
    const page = await workspace(readyToSubmitProjectView);
    const url = 'https://github.com/ada-lovelace/weather-dashboard';
    await userEvent.type(page.getByLabelText('GitHub Repository URL'), url);
    await userEvent.click(page.getByRole('button', { name: 'Submit' }));
    // Accepted, not yet paid: the page says it is being checked, and nothing celebrates yet.
    await expect(await toast(SUBMITTED_CHECKING_TEXT)).toBeVisible();
    const box = within(await page.findByRole('region', { name: 'Your Submission' }));
    await expect(box.getByRole('link', { name: `${url} (opens in a new tab)` })).toHaveAttribute('href', url);
    await expect(page.getByText('Completed')).toBeVisible();
    const report = within(page.getByRole('region', { name: 'Verification Report' }));
    await expect(report.getByRole('heading', { level: 3, name: verificationMessages.checking })).toBeVisible();
    await expect(page.queryByText(/You earned/)).not.toBeInTheDocument();
    // The page asks again while checking; the report arrives with the XP paid, and then the moment:
    // the XP API's total before the submission and after it.
    await expect(await report.findByRole('heading', { level: 3, name: 'Passed' }, { timeout: 3 * REPORT_POLL_MS + 2000 })).toBeVisible();
    const m = fourthProjectMoment;
    await expect(await page.findByRole('status', {}, { timeout: 5000 })).toHaveTextContent(
      `You earned ${formatXp(m.toXp - m.fromXp)} and reached level ${m.toLevel}. ${formatXp(m.toXp)} in total.`,
    );
  },
};

export const StartProject: Story = {
  name: 'Start a project',
  args: { initialPath: projectHref(availableProjectView.path.slug, availableProjectView.slug) },
  parameters: { msw: api(newLearnerRecords) },
  play: async () => {
    const p = availableProjectView;
    await userEvent.click(await screen.findByRole('button', { name: 'Start Project' }, { timeout: 5000 }));
    const page = await workspace(p);
    await expect(page.getByText('In progress')).toBeVisible();
    await expect(page.getByText(counted(0, p.tasks.length))).toBeVisible();
  },
};

export const SpecAddress: Story = {
  name: 'Open a project by its old address',
  // The original address: the path's number and the project's URL-encoded title.
  args: { initialPath: `/app/paths/1/projects/${encodeURIComponent(inProgressProjectView.title)}?view=workspace` },
  parameters: { msw: api() },
  play: async () => {
    const page = await workspace(inProgressProjectView);
    await expect(page.getByText(counted(inProgressProjectView.progress.completed, inProgressProjectView.progress.total))).toBeVisible();
  },
};
