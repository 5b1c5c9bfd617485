import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { AppShell } from '../../components/AppShell/AppShell';
import { PROJECT_STATUS } from '../../components/ProjectStatusBadge/ProjectStatusBadge';
import { formatWeeks, formatXp } from '../../domain/format';
import { pathHref, projectHref } from '../../domain/learning';
import { learningMessages } from '../../domain/learning';
import type { PathDetailView, PathProjectView } from '../../api/learning/contract';
import { sampleUser } from '../../fixtures';
import { midwayFrontendPath, midwayRecords, newLearnerRecords, pathCompletedRecords, pathFor, pathsFor } from '../../fixtures/progress';
import { PathDetailScreen, type ActionStatus, type PathDetailScreenProps, type RatingState } from './PathDetailScreen';
import { RESET_KEEPS_RATING, RESET_WARNING } from './parts/ResetPath';

const midway = midwayFrontendPath;
const fresh = pathFor(midway.slug, newLearnerRecords);
const completed = pathFor(midway.slug, pathCompletedRecords);
/** Another path Ada has not started: its first project open, every other one waiting for the one before. */
const otherPath = pathFor(pathsFor(midwayRecords).find((p) => !p.started)?.slug ?? '', midwayRecords);

const projectsOf = (path: PathDetailView) => path.sections.flatMap((s) => s.projects);
const withStatus = (path: PathDetailView, status: PathProjectView['status']) => projectsOf(path).filter((p) => p.status === status);

type Outcome = { resetOutcome?: Exclude<ActionStatus, 'idle'>; afterReset?: PathDetailView };

/**
 * The screen in the real frame. Rating and resetting behave as the container makes them: a chosen
 * rating is saved, a confirmed reset is under way (or, per story, done or refused).
 */
function StatefulPathDetail({ resetOutcome = 'pending', afterReset, ...args }: PathDetailScreenProps & Outcome) {
  const [rating, setRating] = useState<RatingState | undefined>(args.rating);
  const [resetStatus, setResetStatus] = useState<ActionStatus | undefined>(args.resetStatus);
  const [path, setPath] = useState(args.path);
  return (
    <AppShell user={sampleUser} collapsed={false} onToggleCollapsed={fn()} onSignOut={fn()}>
      <PathDetailScreen
        {...args}
        path={path}
        rating={rating}
        onRate={(stars) => {
          args.onRate(stars);
          setRating({ status: 'success', stars });
        }}
        resetStatus={resetStatus}
        onReset={() => {
          args.onReset();
          setResetStatus(resetOutcome);
          if (resetOutcome === 'success' && afterReset) setPath({ status: 'ready', data: afterReset });
        }}
      />
    </AppShell>
  );
}

const meta = {
  title: 'Screens/PathDetail',
  component: PathDetailScreen,
  parameters: { layout: 'fullscreen', route: pathHref(midway.slug) },
  args: { path: { status: 'ready', data: midway }, onRate: fn(), onReset: fn() },
  render: (args, { parameters }) => <StatefulPathDetail {...args} {...(parameters.outcome as Outcome | undefined)} />,
} satisfies Meta<typeof PathDetailScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const card = (canvasElement: HTMLElement, title: string) => within(within(canvasElement).getByRole('article', { name: title }));
/** What a locked card says, a project of another path named with its path. */
const unlockText = (project: PathProjectView, pathSlug: string) =>
  `Complete ${project.missingPrerequisites.map((p) => (p.path.slug === pathSlug ? p.title : `${p.title} (in ${p.path.title})`)).join(' and ')} to unlock`;
/** A locked card links to each project that unlocks it, in that project's own path. */
const expectUnlockLinks = async (lockedCard: ReturnType<typeof within>, project: PathProjectView) => {
  await expect(lockedCard.getAllByRole('link')).toHaveLength(project.missingPrerequisites.length);
  for (const p of project.missingPrerequisites) {
    await expect(lockedCard.getByRole('link', { name: p.title })).toHaveAttribute('href', projectHref(p.path.slug, p.slug));
  }
};
const openResetDialog = async (canvasElement: HTMLElement) => {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Reset progress' }));
  return screen.findByRole('alertdialog', { name: `Reset your progress on ${midway.title}?` });
};

export const MixedStatuses: Story = {
  parameters: { screenshot: { phone: true } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const { completedProjects, totalProjects, percent } = midway.progress;
    await expect(c.getByRole('heading', { level: 1, name: midway.title })).toBeVisible();
    await expect(c.getByText(midway.summary)).toBeVisible();
    await expect(c.getByText(`${completedProjects}/${totalProjects} projects`)).toBeVisible();
    await expect(c.getByText(`${midway.totalHours} hours`)).toBeVisible();
    await expect(c.getByText(`${percent}% complete`)).toBeVisible();
    await expect(c.getByRole('progressbar', { name: 'Path progress' })).toHaveAttribute('aria-valuenow', String(percent));
    await expect(c.getByRole('link', { name: 'All paths' })).toHaveAttribute('href', '/app/paths');
    await expect(c.queryByText('Path completed')).not.toBeInTheDocument();
    await expect(c.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      ...midway.sections.map((s) => s.title),
      'Rate this path',
      'Start over',
    ]);

    const [done] = withStatus(midway, 'completed') as [PathProjectView];
    const doneCard = card(canvasElement, done.title);
    await expect(doneCard.getByText(PROJECT_STATUS.completed.label)).toBeVisible();
    await expect(doneCard.getByRole('link', { name: `View Project: ${done.title}` })).toHaveAttribute('href', projectHref(midway.slug, done.slug));

    const [current] = withStatus(midway, 'in-progress') as [PathProjectView];
    const currentCard = card(canvasElement, current.title);
    await expect(currentCard.getByText(PROJECT_STATUS['in-progress'].label)).toBeVisible();
    await expect(currentCard.getByText(formatXp(current.xp))).toBeVisible();
    await expect(currentCard.getByText(formatWeeks(current.durationWeeks))).toBeVisible();
    await expect(currentCard.getByText(`${current.progress.completed} of ${current.progress.total} tasks done`)).toBeVisible();
    await expect(currentCard.getByRole('link', { name: `Continue Project: ${current.title}` })).toHaveAttribute('href', projectHref(midway.slug, current.slug));

    // A locked project names what unlocks it and offers no way in.
    const [locked] = withStatus(midway, 'locked') as [PathProjectView];
    const lockedCard = card(canvasElement, locked.title);
    await expect(lockedCard.getByText(PROJECT_STATUS.locked.label)).toBeVisible();
    await expect(lockedCard.getByText((_, el) => el?.tagName === 'P' && el.textContent === unlockText(locked, midway.slug))).toBeVisible();
    await expectUnlockLinks(lockedCard, locked);
    await expect(lockedCard.queryByRole('button')).not.toBeInTheDocument();
    await expect(c.getAllByRole('link', { name: /^(Start|View|Continue) Project/ })).toHaveLength(projectsOf(midway).length - withStatus(midway, 'locked').length);

    // Ada's own rating and everyone's.
    const rating = midway.rating as NonNullable<PathDetailView['rating']>;
    await expect(c.getByText(`${rating.average.toFixed(1)} average from ${rating.count} ratings`)).toBeVisible();
    await expect(c.getByRole('button', { name: `${midway.myRating} stars` })).toHaveAttribute('aria-pressed', 'true');
    await expect(c.getByText(`You rated this path ${midway.myRating} stars.`)).toBeVisible();
    await expect(c.getByRole('button', { name: 'Reset progress' })).toBeVisible();
  },
};

export const NewLearner: Story = {
  name: 'New learner',
  args: { path: { status: 'ready', data: fresh } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const total = fresh.progress.totalProjects;
    await expect(c.getByText(`0/${total} projects`)).toBeVisible();
    await expect(c.getByText('0% complete')).toBeVisible();
    const open = withStatus(fresh, 'available');
    await expect(open.length).toBeGreaterThan(0);
    for (const project of open) {
      await expect(c.getByRole('link', { name: `Start Project: ${project.title}` })).toHaveAttribute('href', projectHref(fresh.slug, project.slug));
    }
    await expect(open.length + withStatus(fresh, 'locked').length).toBe(total);
    for (const project of withStatus(fresh, 'locked')) {
      await expect(card(canvasElement, project.title).getByText((_, el) => el?.tagName === 'P' && el.textContent === unlockText(project, fresh.slug))).toBeVisible();
    }
    await expect(c.queryByRole('link', { name: /^(View|Continue) Project/ })).not.toBeInTheDocument();
    // Nothing to rate or reset yet.
    await expect(c.getByText(learningMessages.cannotRate)).toBeVisible();
    await expect(c.queryByRole('group', { name: 'Your rating' })).not.toBeInTheDocument();
    await expect(c.queryByRole('button', { name: 'Reset progress' })).not.toBeInTheDocument();
  },
};

export const PathCompleted: Story = {
  name: 'Path completed',
  args: { path: { status: 'ready', data: completed } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const total = completed.progress.totalProjects;
    await expect(c.getByText(`${total}/${total} projects`)).toBeVisible();
    await expect(c.getByText('100% complete')).toBeVisible();
    await expect(c.getByText('Path completed')).toBeVisible();
    await expect(c.getAllByRole('link', { name: /^View Project: / })).toHaveLength(total);
    await expect(c.queryByText(/to unlock$/)).not.toBeInTheDocument();
    await expect(c.getByText('Choose from 1 to 5 stars.')).toBeVisible();
  },
};

export const LockedProjects: Story = {
  name: 'Locked projects name what unlocks them, across paths',
  args: { path: { status: 'ready', data: otherPath } },
  parameters: { screenshot: { phone: true }, route: pathHref(otherPath.slug) },
  play: async ({ canvasElement }) => {
    const locked = withStatus(otherPath, 'locked');
    await expect(locked.length).toBeGreaterThan(0);
    // The path's first project builds on a project of another path, named with its path.
    await expect(locked[0]?.missingPrerequisites.some((p) => p.path.slug !== otherPath.slug)).toBe(true);
    for (const project of locked) {
      const lockedCard = card(canvasElement, project.title);
      await expect(project.missingPrerequisites.length).toBeGreaterThan(0);
      await expect(lockedCard.getByText((_, el) => el?.tagName === 'P' && el.textContent === unlockText(project, otherPath.slug))).toBeVisible();
      await expectUnlockLinks(lockedCard, project);
    }
    await expect(within(canvasElement).queryByText('Complete the previous project to unlock')).not.toBeInTheDocument();
  },
};

export const Rating: Story = {
  name: 'Rating the path',
  args: { path: { status: 'ready', data: completed } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Choose from 1 to 5 stars.')).toBeVisible();
    const stars = c.getByRole('group', { name: 'Your rating' });
    for (const n of [1, 2, 3, 4, 5])
      await expect(within(stars).getByRole('button', { name: n === 1 ? '1 star' : `${n} stars` })).toHaveAttribute('aria-pressed', 'false');
    // By keyboard: Tab reaches the stars, Enter rates.
    within(stars).getByRole('button', { name: '1 star' }).focus();
    await userEvent.tab();
    await expect(within(stars).getByRole('button', { name: '2 stars' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRate).toHaveBeenLastCalledWith(2);
    await expect(c.getByText('You rated this path 2 stars.')).toBeVisible();
    // By pointer.
    await userEvent.click(within(stars).getByRole('button', { name: '4 stars' }));
    await expect(args.onRate).toHaveBeenLastCalledWith(4);
    await expect(within(stars).getByRole('button', { name: '4 stars' })).toHaveAttribute('aria-pressed', 'true');
    await expect(within(stars).getByRole('button', { name: '2 stars' })).toHaveAttribute('aria-pressed', 'false');
    await expect(c.getByText('You rated this path 4 stars.')).toBeVisible();
  },
};

export const RatingSaving: Story = {
  name: 'Saving a rating',
  args: { rating: { status: 'pending', stars: 3 } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Saving your rating…')).toBeVisible();
    const stars = c.getByRole('group', { name: 'Your rating' });
    await expect(within(stars).getByRole('button', { name: '3 stars' })).toHaveAttribute('aria-pressed', 'true');
    // One rating at a time: another click waits for this one.
    await userEvent.click(within(stars).getByRole('button', { name: '1 star' }));
    await expect(args.onRate).not.toHaveBeenCalled();
  },
};

export const RatingNotSaved: Story = {
  name: 'Rating not saved',
  args: { rating: { status: 'error', stars: 3 } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Your rating was not saved. Try again.')).toBeVisible();
    // The rating kept is the saved one.
    const stars = c.getByRole('group', { name: 'Your rating' });
    await expect(within(stars).getByRole('button', { name: `${midway.myRating} stars` })).toHaveAttribute('aria-pressed', 'true');
    await expect(within(stars).getByRole('button', { name: '3 stars' })).toHaveAttribute('aria-pressed', 'false');
  },
};

export const ResetDialog: Story = {
  parameters: { screenshot: { phone: true } },
  name: 'Reset dialog open',
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Reset progress' });
    let dialog = await openResetDialog(canvasElement);
    await expect(within(dialog).getByText(`${RESET_WARNING} ${RESET_KEEPS_RATING}`)).toBeVisible();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(args.onReset).not.toHaveBeenCalled();
    await waitFor(() => expect(trigger).toHaveFocus());
    // Open again for the screenshot.
    dialog = await openResetDialog(canvasElement);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
  },
};

export const Resetting: Story = {
  name: 'Resetting progress',
  play: async ({ canvasElement, args }) => {
    const dialog = await openResetDialog(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset progress' }));
    await expect(args.onReset).toHaveBeenCalledOnce();
    const confirm = within(dialog).getByRole('button', { name: /Resetting/ });
    await expect(confirm).toBeDisabled();
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    // Under way: Escape does not close it.
    await userEvent.keyboard('{Escape}');
    await expect(screen.getByRole('alertdialog')).toBeVisible();
  },
};

export const ResetFailed: Story = {
  name: 'Reset refused: the dialog stays',
  parameters: { outcome: { resetOutcome: 'error' } satisfies Outcome },
  play: async ({ canvasElement, args }) => {
    const dialog = await openResetDialog(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset progress' }));
    await expect(args.onReset).toHaveBeenCalledOnce();
    await expect(screen.getByRole('alertdialog')).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Reset progress' })).toBeEnabled();
  },
};

export const ResetDone: Story = {
  name: 'Progress reset',
  parameters: { outcome: { resetOutcome: 'success', afterReset: fresh } satisfies Outcome },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const dialog = await openResetDialog(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset progress' }));
    await expect(args.onReset).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(c.getByText('0% complete')).toBeVisible();
    await expect(c.queryByRole('button', { name: 'Reset progress' })).not.toBeInTheDocument();
  },
};

export const NotFound: Story = {
  name: 'Path not found',
  args: { path: { status: 'ready', data: null } },
  parameters: { route: '/app/paths/no-such-path' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Path not found' })).toBeVisible();
    await expect(c.getByText(`${learningMessages.noSuchPath} Pick another one from your paths.`)).toBeVisible();
    await expect(c.getByRole('link', { name: 'All paths' })).toHaveAttribute('href', '/app/paths');
  },
};

export const Loading: Story = {
  parameters: { screenshot: { phone: true } },
  args: { path: { status: 'loading' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading the path' })).toBeVisible();
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: { path: { status: 'error', message: 'The server did not answer. Check your connection.', onRetry: fn() } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('The server did not answer. Check your connection.')).toBeVisible();
    await userEvent.click(c.getByRole('button', { name: 'Try again' }));
    if (args.path.status === 'error') await expect(args.path.onRetry).toHaveBeenCalledOnce();
  },
};
