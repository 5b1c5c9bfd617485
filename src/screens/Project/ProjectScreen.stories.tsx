import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { withTick } from '../../domain/learningViews';
import { AppShell } from '../../components/AppShell/AppShell';
import { formatDate, formatNumber, formatWeeks, formatXp } from '../../domain/format';
import { communityTopicUrl, helpRequest } from '../../domain/help';
import { LEVEL_LABELS, REPO_URL_MAX_LENGTH, pathHref, projectHref, repoUrlMessages } from '../../domain/learning';
import { learningMessages } from '../../domain/learning';
import type { ProjectDetailView } from '../../api/learning/contract';
import { verificationMessages } from '../../domain/verification';
import {
  availableProjectView,
  completedProjectView,
  fourthProjectJustCompletedView,
  secondProjectJustCompletedView,
  inProgressProjectView,
  lockedByAnotherPathProjectView,
  lockedProjectView,
  readyToSubmitProjectView,
  updatedSinceStartProjectView,
} from '../../fixtures/progress';
import { sampleUser } from '../../fixtures/user';
import {
  checkingReport,
  failedReport,
  passedReport,
  passedReportFor,
  portfolioWithReport,
  withReport,
  readyToSubmitDeployedProjectView,
  REPORT_TIME_ZONE,
  SAMPLE_LIVE_URL,
} from '../../fixtures/verification';
import { fourthProjectMoment, secondProjectMoment } from '../../fixtures/xp';
import { ProjectScreen, type ProjectScreenProps } from './ProjectScreen';
import { COPY_FAILED_MESSAGE, NO_FORUM_MESSAGE } from './parts/HelpCard';
import { SUBMITTED_CHECKING_TEXT } from './parts/SubmitBox';

/** What the API answers a submission in a story: nothing yet (it waits), or a refusal. */
type SubmitAnswer = 'wait' | { error: string };

/**
 * The screen with the container's state held here, so plays exercise real behaviour: ticks change
 * the project as the real optimistic update does (withTick), a submission waits or is refused as
 * `parameters.submitAnswer` says. Every callback is still reported to its fn().
 */
function Stateful({ submitAnswer = 'wait', ...args }: ProjectScreenProps & { submitAnswer?: SubmitAnswer }) {
  const [mode, setMode] = useState(args.mode);
  const [tab, setTab] = useState(args.tab);
  const [project, setProject] = useState(args.project);
  const [submitting, setSubmitting] = useState(args.submitting);
  const [submitError, setSubmitError] = useState(args.submitError);
  return (
    <AppShell user={sampleUser} collapsed={false} onToggleCollapsed={fn()} onSignOut={fn()}>
      <ProjectScreen
        {...args}
        project={project}
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
        onToggleTask={(taskId, completed) => {
          args.onToggleTask(taskId, completed);
          setSubmitError(null);
          setProject((current) => (current.status === 'ready' && current.data ? { ...current, data: withTick(current.data, taskId, completed) } : current));
        }}
        submitting={submitting}
        submitError={submitError}
        onSubmit={(values) => {
          args.onSubmit(values);
          if (submitAnswer === 'wait') setSubmitting(true);
          else setSubmitError(submitAnswer.error);
        }}
      />
    </AppShell>
  );
}

const ready = (project: ProjectDetailView) => ({ project: { status: 'ready' as const, data: project } });
const routeOf = (project: ProjectDetailView) => projectHref(project.path.slug, project.slug);
const openTitles = (project: ProjectDetailView) => project.tasks.filter((t) => !t.completed).map((t) => t.title);
const progressText = (project: ProjectDetailView) => `${project.progress.completed} of ${project.progress.total} tasks completed`;
const FORUM = 'https://forum.example.com/new-topic';

const meta = {
  title: 'Screens/Project',
  component: ProjectScreen,
  parameters: { layout: 'fullscreen', route: routeOf(inProgressProjectView) },
  args: {
    ...ready(inProgressProjectView),
    pathId: inProgressProjectView.path.slug,
    mode: 'overview',
    tab: 'overview',
    starting: false,
    submitting: false,
    submitError: null,
    rechecking: false,
    recheckError: null,
    timeZone: REPORT_TIME_ZONE,
    communityUrl: null,
    onModeChange: fn(),
    onTabChange: fn(),
    onStart: fn(),
    onToggleTask: fn(),
    onSubmit: fn(),
    onRecheck: fn(),
    onCopyHelpRequest: fn(async (_text: string) => true),
    onDismissMoment: fn(),
  },
  render: (args, { parameters }) => <Stateful {...args} submitAnswer={parameters.submitAnswer as SubmitAnswer | undefined} />,
} satisfies Meta<typeof ProjectScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const workspace = { mode: 'workspace' as const };

export const ReadyToStart: Story = {
  name: 'Ready to start',
  args: ready(availableProjectView),
  parameters: { screenshot: { phone: true }, route: routeOf(availableProjectView) },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const p = availableProjectView;
    await expect(c.getByRole('heading', { level: 1, name: p.title })).toBeVisible();
    await expect(c.getByText('Ready to start')).toBeVisible();
    await expect(c.getByRole('link', { name: `Back to ${p.path.title}` })).toHaveAttribute('href', pathHref(p.path.slug));
    await expect(c.getByText(formatWeeks(p.durationWeeks), { selector: 'dd' })).toHaveTextContent(`${formatWeeks(p.durationWeeks)}${p.hours} hours of work`);
    await expect(c.getByText(formatXp(p.xp), { selector: 'dd' })).toBeVisible();
    await expect(c.getByText('0%', { selector: 'dd' })).toBeVisible();
    await expect(c.getByText(LEVEL_LABELS[p.difficulty], { selector: 'dd' })).toBeVisible();
    // The brief, drawn from its Markdown: headings, and links that open in a new tab.
    await expect(c.getByRole('heading', { level: 2, name: 'What you will build' })).toBeVisible();
    await expect(c.getByRole('heading', { level: 2, name: 'How it is checked' })).toBeVisible();
    const briefLink = c.getAllByRole('link', { name: /opens in a new tab/ })[0];
    await expect(briefLink).toHaveAttribute('target', '_blank');
    await expect(briefLink).toHaveAttribute('rel', 'noopener noreferrer');
    for (const objective of p.objectives) await expect(c.getByText(objective)).toBeVisible();
    const skills = within(c.getByRole('list', { name: 'Skills you’ll learn' }));
    for (const skill of p.skills) await expect(skills.getByText(skill)).toBeVisible();
    await expect(c.getByText('Not started yet')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Start Project' }));
    await expect(args.onStart).toHaveBeenCalledOnce();
  },
};

export const Starting: Story = {
  args: { ...ready(availableProjectView), starting: true },
  parameters: { route: routeOf(availableProjectView) },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const button = c.getByRole('button', { name: /Starting/ });
    await expect(button).toBeDisabled();
    await expect(c.queryByRole('button', { name: 'Start Project' })).not.toBeInTheDocument();
    await expect(args.onStart).not.toHaveBeenCalled();
  },
};

export const InProgress: Story = {
  name: 'In progress',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const p = inProgressProjectView;
    await expect(c.getByRole('heading', { level: 1, name: p.title })).toBeVisible();
    await expect(c.getByText('In progress')).toBeVisible();
    await expect(c.getByRole('button', { name: 'Continue Project' })).toBeVisible();
    await expect(c.queryByRole('button', { name: 'Start Project' })).not.toBeInTheDocument();
    await expect(c.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await expect(c.getByText(`${p.progress.percent}%`, { selector: 'dd' })).toBeVisible();
    await expect(c.getByText(progressText(p))).toBeVisible();
    await expect(c.getByRole('progressbar', { name: 'Project progress' })).toHaveAttribute('aria-valuenow', String(p.progress.percent));
    await expect(c.getByText(`Started on ${formatDate(p.startedAt ?? '')}`)).toBeVisible();
    // Its prerequisites, done, each a link.
    for (const prerequisite of p.prerequisites) {
      await expect(c.getByRole('link', { name: prerequisite.title })).toHaveAttribute('href', projectHref(p.path.slug, prerequisite.slug));
    }
    await expect(c.getByRole('button', { name: 'Ask for Help' })).toBeVisible();
  },
};

export const RequirementsTab: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('tab', { name: 'Requirements' }));
    await expect(args.onTabChange).toHaveBeenCalledWith('requirements');
    await expect(c.getByRole('tab', { name: 'Requirements' })).toHaveAttribute('aria-selected', 'true');
    const panel = within(c.getByRole('tabpanel', { name: 'Requirements' }));
    for (const requirement of inProgressProjectView.requirements) await expect(panel.getByText(requirement)).toBeVisible();
    await expect(c.queryByText(inProgressProjectView.objectives[0] as string)).not.toBeVisible();
  },
};

export const ResourcesTab: Story = {
  args: { tab: 'resources' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('tab', { name: 'Resources' })).toHaveAttribute('aria-selected', 'true');
    for (const resource of inProgressProjectView.resources) {
      const link = c.getByRole('link', { name: `${resource.title} (opens in a new tab)` });
      await expect(link).toHaveAttribute('href', resource.url);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  },
};

/** The landing page's workspace picture is this story's baseline (scripts/overview-images.json): keep its name. */
export const WorkspaceSomeDone: Story = {
  parameters: { screenshot: { phone: true } },
  args: workspace,
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const p = inProgressProjectView;
    const { completed, total } = p.progress;
    const open = p.tasks.find((task) => !task.completed);
    if (!open) throw new Error('The fixture needs an open task');
    const bar = c.getByRole('progressbar', { name: 'Tasks completed' });
    const percent = (n: number) => String(Math.round((n / total) * 100));
    const counted = (n: number) => `${n} of ${total} tasks completed`;
    await expect(c.getByText('Project workspace')).toBeVisible();
    await expect(c.getByText(counted(completed))).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuenow', percent(completed));
    // Before submitting, the box names the tasks still open.
    const submitBox = within(c.getByRole('form', { name: 'Submit project' }));
    await expect(submitBox.getByText(/^Submitting needs every task ticked/)).toHaveTextContent(
      `Not ticked yet (${openTitles(p).length} of ${total}): ${openTitles(p).join('; ')}.`,
    );

    await userEvent.click(c.getByText(open.title));
    await expect(args.onToggleTask).toHaveBeenCalledWith(open.id, true);
    await expect(c.getByRole('checkbox', { name: open.title })).toBeChecked();
    await expect(c.getByText(counted(completed + 1))).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuenow', percent(completed + 1));

    await userEvent.click(c.getByRole('checkbox', { name: open.title }));
    await expect(args.onToggleTask).toHaveBeenLastCalledWith(open.id, false);
    await expect(c.getByRole('checkbox', { name: open.title })).not.toBeChecked();
    await expect(c.getByText(counted(completed))).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuenow', percent(completed));
  },
};

export const ReadyToSubmit: Story = {
  parameters: { screenshot: { phone: true } },
  name: 'All tasks done, ready to submit',
  args: { ...ready(readyToSubmitProjectView), ...workspace },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const p = readyToSubmitProjectView;
    await expect(c.getByText(progressText(p))).toBeVisible();
    await expect(c.getByRole('progressbar', { name: 'Tasks completed' })).toHaveAttribute('aria-valuenow', '100');
    for (const task of p.tasks) await expect(c.getByRole('checkbox', { name: task.title })).toBeChecked();
    await expect(c.getByText(/Every task is ticked/)).toBeVisible();
    await expect(c.queryByText(/Not ticked yet/)).not.toBeInTheDocument();
    await expect(c.getByLabelText('GitHub Repository URL')).toHaveValue('');
    // The editor placeholder explains itself on demand.
    const connect = c.getByRole('button', { name: 'Connect Repository' });
    await userEvent.click(connect);
    await expect(connect).toHaveAttribute('aria-expanded', 'true');
    await expect(c.getByText(/Work in your own GitHub repository/)).toBeVisible();
  },
};

const urlInput = (canvasElement: HTMLElement) => within(canvasElement).getByLabelText('GitHub Repository URL');
const repository = 'https://github.com/ada-lovelace/my-weather-dashboard';
const liveInput = (canvasElement: HTMLElement) => within(canvasElement).getByLabelText('Live URL');

export const Submitting: Story = {
  args: { ...ready(readyToSubmitProjectView), ...workspace },
  parameters: { submitAnswer: 'wait' },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(urlInput(canvasElement), `  ${repository} `);
    // The weather dashboard is deployed: its checks open the live site.
    await userEvent.type(liveInput(canvasElement), SAMPLE_LIVE_URL);
    await userEvent.click(c.getByRole('button', { name: 'Submit' }));
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(args.onSubmit).toHaveBeenCalledWith({ repositoryUrl: repository, liveUrl: SAMPLE_LIVE_URL });
    // The button keeps its name and waits, a spinner in place of its icon.
    const button = c.getByRole('button', { name: 'Submit' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(c.getByText('Sending your repository…')).toBeVisible();
    // A URL field drops the spaces around its value by itself.
    await expect(urlInput(canvasElement)).toHaveValue(repository);
    await expect(urlInput(canvasElement)).toHaveAttribute('readonly');
    // No second submission while the first is on its way.
    await userEvent.type(urlInput(canvasElement), '{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledOnce();
  },
};

export const SubmitRefused: Story = {
  name: 'Submit refused: tasks still open',
  args: workspace,
  parameters: { submitAnswer: { error: learningMessages.openTasks(openTitles(inProgressProjectView)) } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(urlInput(canvasElement), repository);
    await userEvent.type(liveInput(canvasElement), SAMPLE_LIVE_URL);
    await userEvent.click(c.getByRole('button', { name: 'Submit' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ repositoryUrl: repository, liveUrl: SAMPLE_LIVE_URL });
    const alert = c.getByRole('alert');
    await expect(alert).toHaveTextContent('Not submitted');
    await expect(alert).toHaveTextContent(learningMessages.openTasks(openTitles(inProgressProjectView)));
    // What the learner typed is kept.
    await expect(urlInput(canvasElement)).toHaveValue(repository);
    await expect(c.getByRole('button', { name: 'Submit' })).toBeEnabled();
  },
};

export const Submitted: Story = {
  name: 'Submitted, not verified yet',
  args: { ...ready(completedProjectView), ...workspace },
  parameters: { route: routeOf(completedProjectView) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const p = completedProjectView;
    const submission = p.submission;
    if (!submission) throw new Error('The fixture needs a submission');
    await expect(c.getByText('Completed')).toBeVisible();
    const box = within(c.getByRole('region', { name: 'Your Submission' }));
    await expect(box.getByRole('link', { name: `${submission.repositoryUrl} (opens in a new tab)` })).toHaveAttribute('href', submission.repositoryUrl);
    await expect(box.getByText(`Submitted on ${formatDate(submission.submittedAt)}`)).toBeVisible();
    // Submitted before projects were verified: the report says so, and that its XP stays.
    const report = within(c.getByRole('region', { name: 'Verification Report' }));
    await expect(report.getByRole('heading', { level: 3, name: 'Not verified yet' })).toBeVisible();
    await expect(report.getByText(verificationMessages.notVerified)).toBeVisible();
    await expect(report.getByRole('button', { name: 'Check again' })).toBeEnabled();
    await expect(c.queryByText(/for review|reviewer/i)).not.toBeInTheDocument();
    // A completed project's tasks are final.
    await expect(c.getByText(learningMessages.completed)).toBeVisible();
    for (const task of p.tasks) {
      const box = c.getByRole('checkbox', { name: task.title });
      await expect(box).toBeChecked();
      await expect(box).toBeDisabled();
    }
    await expect(c.queryByLabelText('GitHub Repository URL')).not.toBeInTheDocument();
  },
};

export const JustCompleted: Story = {
  name: 'Just completed: XP counted, level and badge',
  // The moment plays once the report has paid the XP.
  args: { ...ready(withReport(fourthProjectJustCompletedView, passedReportFor(fourthProjectJustCompletedView))), ...workspace, moment: fourthProjectMoment },
  parameters: { route: routeOf(fourthProjectJustCompletedView) },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const m = fourthProjectMoment;
    // The moment's code (and framer-motion) arrives on demand.
    const status = await c.findByRole('status', {}, { timeout: 5000 });
    const moment = within(status);
    await expect(status).toHaveTextContent(`+${formatNumber(m.toXp - m.fromXp)} XP`);
    await expect(moment.getByText(`Level ${m.toLevel} reached`)).toBeVisible();
    await expect(m.badges.map((b) => b.title)).toEqual(['Well Rounded']);
    await expect(moment.getByText(`Badge earned: ${m.badges[0]?.title}`, { selector: 'p' })).toBeVisible();
    // It never stands in the way: the page works around it, and it goes when dismissed.
    await expect(c.getByRole('button', { name: 'Back to project details' })).toBeEnabled();
    await userEvent.click(moment.getByRole('button', { name: 'Dismiss' }));
    await expect(args.onDismissMoment).toHaveBeenCalledOnce();
  },
};

export const JustCompletedTwoLevels: Story = {
  name: 'Just completed: two levels at once',
  args: { ...ready(withReport(secondProjectJustCompletedView, passedReportFor(secondProjectJustCompletedView))), ...workspace, moment: secondProjectMoment },
  parameters: { route: routeOf(secondProjectJustCompletedView) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const m = secondProjectMoment;
    await expect(m.toLevel - m.fromLevel).toBe(2);
    await expect(await c.findByText(`Level ${m.toLevel} reached`)).toBeVisible();
    await expect(c.getByRole('status')).toHaveTextContent(`${formatXp(m.toXp)} in total`);
    await expect(c.queryByText(/Badge earned/)).not.toBeInTheDocument();
  },
};

export const Completed: Story = {
  args: ready(completedProjectView),
  parameters: { screenshot: { phone: true }, route: routeOf(completedProjectView) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const p = completedProjectView;
    await expect(c.getByText('Completed')).toBeVisible();
    await expect(c.getByText('100%', { selector: 'dd' })).toBeVisible();
    await expect(c.getByText(`Completed on ${formatDate(p.completedAt ?? '')}`)).toBeVisible();
    await expect(c.getByRole('button', { name: 'View Project' })).toBeVisible();
  },
};

export const ReplaceRepository: Story = {
  name: 'Replace repository',
  args: { ...ready(completedProjectView), ...workspace },
  parameters: { route: routeOf(completedProjectView) },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Replace repository' }));
    await expect(c.getByRole('heading', { name: 'Replace Repository' })).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Cancel' }));
    await expect(c.getByRole('region', { name: 'Your Submission' })).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Replace repository' }));
    await expect(urlInput(canvasElement)).toHaveValue('');
    await userEvent.type(urlInput(canvasElement), repository);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const Locked: Story = {
  name: 'Locked: prerequisites missing',
  // A locked project has no workspace, even when the address asks for one.
  args: { ...ready(lockedProjectView), ...workspace },
  parameters: { screenshot: { phone: true }, route: routeOf(lockedProjectView) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const p = lockedProjectView;
    const missing = p.prerequisites.filter((x) => !x.completed);
    await expect(c.getByRole('heading', { level: 1, name: p.title })).toBeVisible();
    await expect(c.getByText('Locked')).toBeVisible();
    await expect(c.getByText(/This project builds on/)).toHaveTextContent(learningMessages.locked(missing.map((x) => x.title)));
    for (const prerequisite of missing) {
      const links = c.getAllByRole('link', { name: prerequisite.title });
      for (const link of links) await expect(link).toHaveAttribute('href', projectHref(prerequisite.path.slug, prerequisite.slug));
    }
    await expect(c.queryByRole('button', { name: /Start Project|Continue Project|View Project/ })).not.toBeInTheDocument();
    await expect(c.queryByRole('button', { name: 'Back to project details' })).not.toBeInTheDocument();
  },
};

export const LockedByAnotherPath: Story = {
  name: 'Locked: a prerequisite in another path',
  args: { ...ready(lockedByAnotherPathProjectView) },
  parameters: { route: routeOf(lockedByAnotherPathProjectView) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const p = lockedByAnotherPathProjectView;
    const [missing] = p.prerequisites.filter((x) => !x.completed);
    await expect(missing?.path.slug).not.toBe(p.path.slug);
    // The note names the project with its path, and links to it there.
    await expect(c.getByText(/This project builds on/)).toHaveTextContent(`Complete ${missing?.title} (in ${missing?.path.title}) first.`);
    for (const link of c.getAllByRole('link', { name: missing?.title ?? '' })) {
      await expect(link).toHaveAttribute('href', projectHref(missing?.path.slug ?? '', missing?.slug ?? ''));
    }
  },
};

export const UpdatedSinceStart: Story = {
  name: 'Updated since you started',
  args: { ...ready(updatedSinceStartProjectView), ...workspace },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const changes = updatedSinceStartProjectView.changesSinceStart;
    if (!changes) throw new Error('The fixture needs changes');
    await expect(c.getByText('Updated since you started')).toBeVisible();
    await expect(c.getByText(/Your percentage counts the current tasks/)).toBeVisible();
    for (const title of changes.added) {
      await expect(c.getAllByText(title)[0]).toBeVisible();
      await expect(c.getByRole('checkbox', { name: title })).not.toBeChecked();
    }
    for (const title of changes.retired) {
      await expect(c.getByText(title)).toBeVisible();
      await expect(c.queryByRole('checkbox', { name: title })).not.toBeInTheDocument();
    }
    await expect(c.getByText(progressText(updatedSinceStartProjectView))).toBeVisible();
  },
};

async function openHelp(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Ask for Help' }));
  return within(await screen.findByRole('dialog', { name: 'Ask for Help' }));
}

const helpText = (project: ProjectDetailView) => {
  const request = helpRequest(project);
  return `${request.title}\n\n${request.body}`;
};

export const HelpWithoutForum: Story = {
  name: 'Ask for Help without a forum',
  play: async ({ canvasElement, args }) => {
    const d = await openHelp(canvasElement);
    await expect(d.getByText(NO_FORUM_MESSAGE)).toBeVisible();
    const text = d.getByLabelText('Your help request');
    await expect(text).toHaveValue(helpText(inProgressProjectView));
    await expect(text).toHaveAttribute('readonly');
    await expect(d.queryByText('Copied')).not.toBeInTheDocument();
    await userEvent.click(d.getByRole('button', { name: 'Copy' }));
    await expect(args.onCopyHelpRequest).toHaveBeenCalledWith(helpText(inProgressProjectView));
    await expect(await d.findByText('Copied')).toBeVisible();
  },
};

export const HelpCopyRefused: Story = {
  name: 'Ask for Help, copy refused',
  args: { onCopyHelpRequest: fn(async (_text: string) => false) },
  play: async ({ canvasElement, args }) => {
    const d = await openHelp(canvasElement);
    await userEvent.click(d.getByRole('button', { name: 'Copy' }));
    await expect(args.onCopyHelpRequest).toHaveBeenCalledOnce();
    await expect(await d.findByText(COPY_FAILED_MESSAGE)).toBeVisible();
    await expect(d.queryByText('Copied')).not.toBeInTheDocument();
  },
};

export const HelpOnForum: Story = {
  name: 'Ask for Help on the forum',
  args: { ...ready(completedProjectView), communityUrl: FORUM },
  parameters: { route: routeOf(completedProjectView) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const link = c.getByRole('link', { name: 'Ask for Help (opens in a new tab)' });
    await expect(link).toHaveAttribute('href', communityTopicUrl(FORUM, helpRequest(completedProjectView)));
    await expect(link).toHaveAttribute('target', '_blank');
    const url = new URL(link.getAttribute('href') ?? '');
    await expect(url.searchParams.get('body')).toContain(completedProjectView.submission?.repositoryUrl);
    await expect(c.queryByRole('button', { name: 'Ask for Help' })).not.toBeInTheDocument();
  },
};

export const ExitWorkspace: Story = {
  args: workspace,
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Back to project details' }));
    await expect(args.onModeChange).toHaveBeenCalledWith('overview');
    await expect(c.getByRole('tab', { name: 'Overview' })).toBeVisible();
    await expect(c.getByRole('heading', { level: 1, name: inProgressProjectView.title })).toHaveFocus();
    await userEvent.click(c.getByRole('button', { name: 'Continue Project' }));
    await expect(args.onModeChange).toHaveBeenLastCalledWith('workspace');
    await expect(c.getByRole('button', { name: 'Back to project details' })).toBeVisible();
  },
};

const submitInvalid = async (canvasElement: HTMLElement, typed: string, message: string) => {
  const c = within(canvasElement);
  const input = urlInput(canvasElement);
  if (typed) {
    // Pasted rather than typed: a long URL typed key by key is slow.
    await userEvent.click(input);
    await userEvent.paste(typed);
  }
  await userEvent.click(c.getByRole('button', { name: 'Submit' }));
  await expect(c.getByText(message)).toBeVisible();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(message);
  await expect(input).toHaveValue(typed);
};

export const EmptyUrl: Story = {
  name: 'Empty repository URL',
  args: { ...ready(readyToSubmitProjectView), ...workspace },
  play: async ({ canvasElement, args }) => {
    await submitInvalid(canvasElement, '', repoUrlMessages.required);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const InvalidUrl: Story = {
  name: 'Invalid repository URL',
  args: { ...ready(readyToSubmitProjectView), ...workspace },
  play: async ({ canvasElement, args }) => {
    await submitInvalid(canvasElement, 'http://gitlab.com/x/y', repoUrlMessages.invalid);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const TooLongUrl: Story = {
  name: 'Repository URL too long',
  args: { ...ready(readyToSubmitProjectView), ...workspace },
  play: async ({ canvasElement, args }) => {
    const long = `https://github.com/ada/${'a'.repeat(REPO_URL_MAX_LENGTH)}`;
    await submitInvalid(canvasElement, long, repoUrlMessages.tooLong);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const NotFound: Story = {
  args: { project: { status: 'ready', data: null } },
  parameters: { route: projectHref('frontend-development', 'no-such-project') },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Project not found' })).toBeVisible();
    await expect(c.getByRole('link', { name: 'Back to path' })).toHaveAttribute('href', '/app/paths/frontend-development');
  },
};

export const Loading: Story = {
  parameters: { screenshot: { phone: true } },
  args: { project: { status: 'loading' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading the project' })).toBeVisible();
  },
};

export const LoadFailed: Story = {
  name: 'Could not load',
  args: { project: { status: 'error', message: 'We can’t reach PathForge right now. Check your connection and try again.', onRetry: fn() } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('We couldn’t load this page')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Try again' }));
    if (args.project.status === 'error') await expect(args.project.onRetry).toHaveBeenCalledOnce();
  },
};

/** Done closes the dialog and gives focus back to Ask for Help. */
export const HelpDialogCloses: Story = {
  name: 'Ask for Help dialog closed',
  play: async ({ canvasElement }) => {
    const d = await openHelp(canvasElement);
    await userEvent.click(d.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(within(canvasElement).getByRole('button', { name: 'Ask for Help' })).toHaveFocus();
  },
};

// ---------------------------------------------------------------------------------------------
// A deployed project: the live URL, and the report on the submission
// ---------------------------------------------------------------------------------------------

const deployed = { ...ready(readyToSubmitDeployedProjectView), ...workspace };

export const LiveUrlField: Story = {
  name: 'Deployed project: live URL asked for',
  args: deployed,
  play: async ({ canvasElement }) => {
    await expect(urlInput(canvasElement)).toHaveValue('');
    await expect(liveInput(canvasElement)).toHaveValue('');
    await expect(liveInput(canvasElement)).toHaveAccessibleDescription('Where your project runs: the checks open it there.');
  },
};

export const LiveUrlNeeded: Story = {
  name: 'Deployed project: live URL missing',
  args: deployed,
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(urlInput(canvasElement), repository);
    await userEvent.click(c.getByRole('button', { name: 'Submit' }));
    await expect(c.getByText(verificationMessages.liveUrlNeeded)).toBeVisible();
    await expect(liveInput(canvasElement)).toHaveAttribute('aria-invalid', 'true');
    await expect(liveInput(canvasElement)).toHaveAccessibleDescription(verificationMessages.liveUrlNeeded);
    // The repository is fine: only the live URL is marked.
    await expect(urlInput(canvasElement)).not.toHaveAttribute('aria-invalid');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const LiveUrlInvalid: Story = {
  name: 'Deployed project: live URL not https',
  args: deployed,
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(urlInput(canvasElement), repository);
    await userEvent.type(liveInput(canvasElement), 'http://ada-lovelace.github.io/weather');
    await userEvent.click(c.getByRole('button', { name: 'Submit' }));
    await expect(c.getByText(verificationMessages.liveUrlInvalid)).toBeVisible();
    await expect(liveInput(canvasElement)).toHaveAccessibleDescription(verificationMessages.liveUrlInvalid);
    await expect(liveInput(canvasElement)).toHaveValue('http://ada-lovelace.github.io/weather');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const LiveUrlBothMissing: Story = {
  name: 'Deployed project: nothing entered',
  args: deployed,
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Submit' }));
    await expect(urlInput(canvasElement)).toHaveAccessibleDescription(repoUrlMessages.required);
    await expect(liveInput(canvasElement)).toHaveAccessibleDescription(verificationMessages.liveUrlNeeded);
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const SubmittingWithLiveUrl: Story = {
  name: 'Deployed project: submitting',
  args: deployed,
  parameters: { submitAnswer: 'wait' },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(urlInput(canvasElement), repository);
    await userEvent.type(liveInput(canvasElement), ` ${SAMPLE_LIVE_URL} `);
    await userEvent.click(c.getByRole('button', { name: 'Submit' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ repositoryUrl: repository, liveUrl: SAMPLE_LIVE_URL });
    await expect(c.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await expect(liveInput(canvasElement)).toHaveAttribute('readonly');
    // Nothing claims XP or a result before the report does.
    await expect(c.queryByText(/XP earned|Passed/)).not.toBeInTheDocument();
  },
};

const reportOf = (canvasElement: HTMLElement) => within(within(canvasElement).getByRole('region', { name: 'Verification Report' }));

export const ReportChecking: Story = {
  name: 'Submitted: being checked',
  args: { ...ready(portfolioWithReport(checkingReport)), ...workspace },
  parameters: { route: routeOf(completedProjectView) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const box = within(c.getByRole('region', { name: 'Your Submission' }));
    await expect(box.getByText(SUBMITTED_CHECKING_TEXT)).toBeVisible();
    await expect(box.getByRole('link', { name: `${SAMPLE_LIVE_URL} (opens in a new tab)` })).toHaveAttribute('href', SAMPLE_LIVE_URL);
    const report = reportOf(canvasElement);
    await expect(report.getByRole('heading', { level: 3, name: verificationMessages.checking })).toBeVisible();
    await expect(report.queryByRole('button', { name: 'Check again' })).not.toBeInTheDocument();
    // The learner's own ticks stay where they are, before the report.
    const tasks = c.getByRole('list', { name: 'Tasks' });
    for (const task of completedProjectView.tasks) await expect(c.getByRole('checkbox', { name: task.title })).toBeChecked();
    await expect(
      tasks.compareDocumentPosition(report.getByRole('heading', { level: 3, name: verificationMessages.checking })) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await expect(c.queryByRole('status')).not.toBeInTheDocument();
  },
};

export const ReportPassed: Story = {
  name: 'Submitted: every check passed',
  args: { ...ready(portfolioWithReport(passedReport)), ...workspace },
  parameters: { route: routeOf(completedProjectView) },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const report = reportOf(canvasElement);
    await expect(report.getByRole('heading', { level: 3, name: 'Passed' })).toBeVisible();
    await expect(report.getByText(`+${formatXp(completedProjectView.xp)} paid`)).toBeVisible();
    await expect(c.queryByText(SUBMITTED_CHECKING_TEXT)).not.toBeInTheDocument();
  },
};

export const ReportFailed: Story = {
  name: 'Submitted: requirements need work',
  args: { ...ready(portfolioWithReport(failedReport)), ...workspace },
  parameters: { screenshot: { phone: true }, route: routeOf(completedProjectView) },
  play: async ({ canvasElement, args }) => {
    const report = reportOf(canvasElement);
    const failed = failedReport.requirements.filter((r) => r.status === 'failed');
    await expect(report.getByRole('heading', { level: 3, name: verificationMessages.failed(failed.length) })).toBeVisible();
    await expect(report.getByText(failed[0]?.message ?? '')).toBeVisible();
    await expect(report.queryByText(failed[1]?.message ?? '')).not.toBeInTheDocument();
    await expect(report.queryByText(/XP/)).not.toBeInTheDocument();
    await userEvent.click(report.getByRole('button', { name: 'Check again' }));
    await expect(args.onRecheck).toHaveBeenCalledOnce();
  },
};
