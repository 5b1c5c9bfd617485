import type { Meta, StoryObj } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { pathHref } from '../../domain/learning';
import { accountMessages } from '../../domain/account';
import { authHandlers, sampleToken } from '../../fixtures/msw/auth';
import { learningHandlers } from '../../fixtures/msw/learning';
import { midwayFrontendPath, midwayRecords } from '../../fixtures/progress';
import { sampleUser } from '../../fixtures/user';
import { usePreferences } from '../../stores/preferences';
import { useSession } from '../../stores/session';
import { AppFlow, flowRouter } from './AppFlow';
import { toast } from './toast';

/**
 * The path pages through the real route table, containers and data layer, with MSW answering as
 * the API does: old addresses, rating, resetting. The screens' own states are in Screens/.
 */
const meta = {
  title: 'Flows/Paths',
  component: AppFlow,
  tags: ['!autodocs'],
  parameters: { ownRouter: true, layout: 'fullscreen' },
  args: { initialPath: pathHref(midwayFrontendPath.slug) },
  beforeEach: () => {
    useSession.getState().signedIn(sampleUser, sampleToken);
    usePreferences.setState({ colorMode: 'light' });
  },
} satisfies Meta<typeof AppFlow>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A fresh in-memory API per story, Ada mid-way (the handlers keep what they are told). */
const api = () => [...authHandlers, ...learningHandlers({ records: midwayRecords })];
const path = midwayFrontendPath;

const pathPage = () => screen.findByRole('heading', { level: 1, name: path.title }, { timeout: 5000 });

export const FormerAddress: Story = {
  name: 'An old address opens the path under its slug',
  // The original address of the first path: its number, kept as a former slug in content/.
  args: { initialPath: '/app/paths/1' },
  parameters: { msw: api(), screenshot: { disable: true } },
  play: async () => {
    await pathPage();
    await waitFor(() => expect(flowRouter()?.state.location.pathname).toBe(pathHref(path.slug)));
    // Replaced, not pushed: Back does not return to the old address.
    await expect(flowRouter()?.state.historyAction).toBe('REPLACE');
  },
};

export const ContinuePath: Story = {
  name: 'From the paths to a path',
  args: { initialPath: '/app/paths' },
  parameters: { msw: api(), screenshot: { disable: true } },
  play: async () => {
    await userEvent.click(await screen.findByRole('link', { name: `Continue Path: ${path.title}` }, { timeout: 5000 }));
    await pathPage();
    await expect(flowRouter()?.state.location.pathname).toBe(pathHref(path.slug));
  },
};

export const Rated: Story = {
  name: 'Path rated',
  parameters: { msw: api() },
  play: async () => {
    await pathPage();
    const stars = screen.getByRole('group', { name: 'Your rating' });
    await userEvent.click(within(stars).getByRole('button', { name: '3 stars' }));
    // Saved, and still so once the path is read again.
    await waitFor(() => expect(within(stars).getByRole('button', { name: '3 stars' })).toHaveAttribute('aria-pressed', 'true'));
    await expect(await screen.findByText('You rated this path 3 stars.')).toBeVisible();
  },
};

export const RatingFailed: Story = {
  name: 'Rating not saved',
  parameters: { msw: [http.put('*/learning/paths/:id/rating', () => HttpResponse.error()), ...api()] },
  play: async () => {
    await pathPage();
    const stars = screen.getByRole('group', { name: 'Your rating' });
    await userEvent.click(within(stars).getByRole('button', { name: '3 stars' }));
    await expect(await toast(/can’t reach PathForge/)).toBeVisible();
    await expect(screen.getByText('Your rating was not saved. Try again.')).toBeVisible();
    await expect(within(stars).getByRole('button', { name: `${path.myRating} stars` })).toHaveAttribute('aria-pressed', 'true');
  },
};

export const Reset: Story = {
  name: 'Progress reset',
  parameters: { msw: api() },
  play: async () => {
    await pathPage();
    await userEvent.click(screen.getByRole('button', { name: 'Reset progress' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset progress' }));
    await expect(await toast(accountMessages.pathReset)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(await screen.findByText('0% complete')).toBeVisible();
    await expect(screen.queryByRole('button', { name: 'Reset progress' })).not.toBeInTheDocument();
  },
};

export const ResetFailed: Story = {
  name: 'Reset refused',
  parameters: { msw: [http.post('*/learning/paths/:id/reset', () => HttpResponse.error()), ...api()] },
  play: async () => {
    await pathPage();
    await userEvent.click(screen.getByRole('button', { name: 'Reset progress' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset progress' }));
    await expect(await toast(/can’t reach PathForge/)).toBeVisible();
    // Nothing was deleted: the dialog stays, and so does the progress.
    await expect(screen.getByRole('alertdialog')).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Reset progress' })).toBeEnabled();
    await expect(screen.getByText(`${path.progress.percent}% complete`)).toBeVisible();
  },
};
