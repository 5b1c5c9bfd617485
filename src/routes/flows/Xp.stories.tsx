import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { authHandlers, sampleToken } from '../../fixtures/msw/auth';
import { learningHandlers } from '../../fixtures/msw/learning';
import { midwayFrontendPath, midwayRecords, pathsFor } from '../../fixtures/progress';
import { sampleUser } from '../../fixtures/user';
import { historyFor, midwayHistory, midwayLedger, midwayXp } from '../../fixtures/xp';
import { usePreferences } from '../../stores/preferences';
import { useSession } from '../../stores/session';
import { AppFlow, flowRouter } from './AppFlow';

/**
 * The XP page and its history through the real route table, containers and data layer, with MSW
 * answering as the API does. The screens' own states are in Screens/.
 */
const meta = {
  title: 'Flows/XP',
  component: AppFlow,
  tags: ['!autodocs'],
  parameters: { ownRouter: true, layout: 'fullscreen', msw: [...authHandlers, ...learningHandlers({ records: midwayRecords })], screenshot: { disable: true } },
  args: { initialPath: '/app/xp-badges' },
  beforeEach: () => {
    useSession.getState().signedIn(sampleUser, sampleToken);
    usePreferences.setState({ colorMode: 'light' });
  },
} satisfies Meta<typeof AppFlow>;
export default meta;
type Story = StoryObj<typeof meta>;

const rows = () => screen.getAllByRole('listitem').filter((li) => li.closest('section') && li.closest('main'));
const quietPath = pathsFor(midwayRecords).find((path) => historyFor(midwayLedger, path.id).length === 0);

export const HistoryByPath: Story = {
  name: 'From the XP page to the history of one path',
  play: async () => {
    await screen.findByText(`${midwayXp.level.xpToNextLevel} XP to level ${midwayXp.level.level + 1}`, {}, { timeout: 5000 });
    await userEvent.click(screen.getByRole('link', { name: 'XP history' }));
    await screen.findByRole('heading', { level: 1, name: 'XP history' }, { timeout: 5000 });
    await waitFor(() => expect(rows()).toHaveLength(midwayHistory.length));
    await screen.findByRole('option', { name: midwayFrontendPath.title }, { timeout: 5000 });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Path' }), midwayFrontendPath.title);
    await waitFor(() => expect(flowRouter()?.state.location.search).toBe(`?path=${midwayFrontendPath.slug}`));
    await waitFor(() => expect(rows()).toHaveLength(historyFor(midwayLedger, midwayFrontendPath.id).length));
    await expect(screen.getByRole('combobox', { name: 'Path' })).toHaveDisplayValue(midwayFrontendPath.title);
  },
};

export const NothingOnThePath: Story = {
  name: 'A path without XP, then all paths again',
  args: { initialPath: `/app/xp-badges/history?path=${quietPath?.slug}` },
  play: async () => {
    const main = within(await screen.findByRole('main', {}, { timeout: 5000 }));
    await main.findByRole('heading', { name: `No XP from ${quietPath?.title} yet` }, { timeout: 5000 });
    await userEvent.click(main.getByRole('button', { name: 'Show all paths' }));
    await waitFor(() => expect(flowRouter()?.state.location.search).toBe(''));
    await waitFor(() => expect(rows()).toHaveLength(midwayHistory.length));
  },
};

export const UnknownPath: Story = {
  name: 'An unknown path in the address shows all',
  args: { initialPath: '/app/xp-badges/history?path=no-such-path' },
  play: async () => {
    await waitFor(() => expect(rows()).toHaveLength(midwayHistory.length), { timeout: 5000 });
    await expect(screen.getByRole('combobox', { name: 'Path' })).toHaveDisplayValue('All paths');
  },
};
