import { useEffect, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, ChakraProvider } from '@chakra-ui/react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { formatTime, formatXp } from '../../../domain/format';
import { githubLimitMessage, githubLimitReport, heldMessages, verificationMessages } from '../../../domain/verification';
import type { Verification } from '../../../api/learning/contract';
import {
  checkingHalfWayReport,
  checkingReport,
  errorReport,
  failedReport,
  GITHUB_RETRY_AT,
  githubLimitWaitReport,
  heldReport,
  notVerifiedReport,
  passedReport,
  queuedNoEstimateReport,
  queuedReport,
  RECHECK_OPENS_AT,
  recheckLimitReport,
  REPORT_TIME_ZONE,
  SAMPLE_COMMIT_SHA,
  SAMPLE_FORK_PARENT,
  SAMPLE_LIVE_URL,
  sampleScreenshot,
  selfReportedReport,
} from '../../../fixtures/verification';
import { appSystem } from '../../../theme/app';
import { VerificationReport, type VerificationReportProps } from './VerificationReport';

const XP = 500;

const meta = {
  title: 'Components/VerificationReport',
  component: VerificationReport,
  // Dialogs are an app-area recipe (src/theme/app.ts), as on the project page that shows the report.
  decorators: [
    (Story) => (
      <ChakraProvider value={appSystem}>
        <Box p="6" bg="page" minH="100dvh" maxW="3xl">
          <Story />
        </Box>
      </ChakraProvider>
    ),
  ],
  args: { verification: checkingReport, xp: XP, rechecking: false, recheckError: null, onRecheck: fn(), timeZone: REPORT_TIME_ZONE },
} satisfies Meta<typeof VerificationReport>;
export default meta;
type Story = StoryObj<typeof meta>;

const report = (canvasElement: HTMLElement) => within(within(canvasElement).getByRole('region', { name: 'Verification Report' }));
/** The row of a check: its list item, found by the check's label. */
const row = (canvasElement: HTMLElement, label: string) => {
  const item = within(canvasElement).getByText(label).closest('li');
  if (!item) throw new Error(`no row for ${label}`);
  return within(item);
};
/** The button that opens or closes a check's details: its status word, then its label. */
const toggleOf = (canvasElement: HTMLElement, status: string, label: string) =>
  row(canvasElement, label).getByRole('button', { name: (name) => name.startsWith(status) && name.endsWith(label) });
const requirement = (v: Verification, index: number) => {
  const r = v.requirements[index];
  if (!r) throw new Error(`the fixture has no requirement ${index}`);
  return r;
};

export const Checking: Story = {
  args: { verification: checkingReport },
  play: async ({ canvasElement }) => {
    const r = report(canvasElement);
    await expect(r.getByRole('heading', { level: 3, name: verificationMessages.checking })).toBeVisible();
    // Every check waits, said in words; nothing claims a result or XP, and nothing can be re-checked yet.
    const requirements = within(r.getByRole('list', { name: 'Requirements' }));
    await expect(requirements.getAllByRole('listitem')).toHaveLength(checkingReport.requirements.length);
    await expect(requirements.getAllByText('Waiting')).toHaveLength(checkingReport.requirements.length);
    await expect(r.queryByText(/Passed|XP/)).not.toBeInTheDocument();
    await expect(r.queryByRole('button', { name: 'Check again' })).not.toBeInTheDocument();
    await expect(r.queryByText(/Commit checked/)).not.toBeInTheDocument();
    // Running now: no place in line.
    await expect(r.queryByText(/in line/)).not.toBeInTheDocument();
  },
};

export const Queued: Story = {
  name: 'Checking, 3rd in line',
  args: { verification: queuedReport },
  play: async ({ canvasElement }) => {
    const r = report(canvasElement);
    await expect(r.getByRole('heading', { level: 3, name: verificationMessages.checking })).toBeVisible();
    // Where it is in line, and about how long until the report.
    await expect(r.getByText('3rd in line, about 1 minute')).toBeVisible();
    await expect(r.getAllByText('Waiting')).toHaveLength(queuedReport.submission.length + queuedReport.requirements.length);
  },
};

export const QueuedNoEstimate: Story = {
  name: 'Checking, next in line, no estimate yet',
  args: { verification: queuedNoEstimateReport },
  play: async ({ canvasElement }) => {
    // Nothing measured yet: no figure is made up.
    await expect(report(canvasElement).getByText('1st in line, no estimate yet')).toBeVisible();
  },
};

export const CheckingHalfWay: Story = {
  name: 'Checking, the first results in',
  args: { verification: checkingHalfWayReport },
  play: async ({ canvasElement }) => {
    const r = report(canvasElement);
    await expect(r.getByRole('heading', { level: 3, name: verificationMessages.checking })).toBeVisible();
    await expect(within(r.getByRole('list', { name: 'Your submission' })).getAllByText('Passed')).toHaveLength(checkingHalfWayReport.submission.length);
    await expect(row(canvasElement, requirement(checkingHalfWayReport, 0).label).getByText('Passed')).toBeVisible();
    await expect(row(canvasElement, requirement(checkingHalfWayReport, 1).label).getByText('Waiting')).toBeVisible();
  },
};

export const Passed: Story = {
  name: 'Passed, XP paid',
  args: { verification: passedReport },
  play: async ({ canvasElement }) => {
    const r = report(canvasElement);
    await expect(r.getByRole('heading', { level: 3, name: 'Passed' })).toBeVisible();
    await expect(r.getByText(verificationMessages.passed)).toBeVisible();
    await expect(r.getByText(`+${formatXp(XP)} paid`)).toBeVisible();
    // The commit checked, short, linking to GitHub.
    const commit = r.getByRole('link', { name: `commit ${SAMPLE_COMMIT_SHA.slice(0, 7)} (opens in a new tab)` });
    await expect(commit).toHaveAttribute('href', passedReport.commit?.url);
    // Every requirement of the portfolio is checked by a machine, and each row says it passed
    // (a review requirement would say Self-checked: the Self-reported story shows one).
    for (const { label } of passedReport.requirements) await expect(row(canvasElement, label).getByText('Passed')).toBeVisible();
    await expect(r.queryByText('Failed')).not.toBeInTheDocument();
    await expect(r.queryByRole('button', { name: 'Check again' })).not.toBeInTheDocument();
  },
};

export const Failed: Story = {
  name: 'Failed, the first failure open with its evidence',
  args: { verification: failedReport },
  play: async ({ canvasElement, args }) => {
    const r = report(canvasElement);
    const first = requirement(failedReport, 2);
    const second = requirement(failedReport, 5);
    await expect(r.getByRole('heading', { level: 3, name: verificationMessages.failed(2) })).toBeVisible();
    await expect(r.queryByText(/XP/)).not.toBeInTheDocument();
    // The first failure is open: what was checked, expected and found, a screenshot, a link.
    const firstRow = row(canvasElement, first.label);
    await expect(toggleOf(canvasElement, 'Failed', first.label)).toHaveAttribute('aria-expanded', 'true');
    await expect(firstRow.getByText(first.message ?? '')).toBeVisible();
    await expect(firstRow.getByText(first.evidence?.target ?? '')).toBeVisible();
    await expect(firstRow.getByText(first.evidence?.expected ?? '')).toBeVisible();
    await expect(firstRow.getByText(first.evidence?.found ?? '')).toBeVisible();
    await expect(firstRow.getByRole('button', { name: 'Enlarge the screenshot' })).toBeVisible();
    await expect(firstRow.getByRole('link', { name: 'Open what was checked (opens in a new tab)' })).toHaveAttribute('href', SAMPLE_LIVE_URL);
    // The second stays closed until asked for.
    const secondButton = toggleOf(canvasElement, 'Failed', second.label);
    await expect(secondButton).toHaveAttribute('aria-expanded', 'false');
    await expect(r.queryByText(second.message ?? '')).not.toBeInTheDocument();
    await userEvent.click(secondButton);
    await expect(secondButton).toHaveAttribute('aria-expanded', 'true');
    await expect(r.getByText(second.message ?? '')).toBeVisible();
    await userEvent.click(r.getByRole('button', { name: 'Check again' }));
    await expect(args.onRecheck).toHaveBeenCalledOnce();
  },
};

export const CouldNotCheck: Story = {
  name: 'Couldn’t check',
  args: { verification: errorReport },
  play: async ({ canvasElement, args }) => {
    const r = report(canvasElement);
    await expect(r.getByRole('heading', { level: 3, name: 'Couldn’t check your project' })).toBeVisible();
    await expect(r.getByText(verificationMessages.error)).toBeVisible();
    // Our side, not the learner's: the check that could not run is open, and says why.
    const live = errorReport.submission.find((x) => x.status === 'error');
    if (!live) throw new Error('the fixture needs a check that could not run');
    const liveRow = row(canvasElement, live.label);
    await expect(liveRow.getByText('Couldn’t check')).toBeVisible();
    await expect(liveRow.getByText(verificationMessages.timedOut(15))).toBeVisible();
    await expect(r.queryByText('Failed')).not.toBeInTheDocument();
    await expect(r.getAllByText('Not checked').length).toBeGreaterThan(0);
    await userEvent.click(r.getByRole('button', { name: 'Check again' }));
    await expect(args.onRecheck).toHaveBeenCalledOnce();
  },
};

export const CouldNotCheckGitHubLimit: Story = {
  name: 'Couldn’t check: GitHub’s limit',
  args: { verification: githubLimitWaitReport },
  play: async ({ canvasElement, args }) => {
    const r = report(canvasElement);
    const when = formatTime(GITHUB_RETRY_AT, REPORT_TIME_ZONE);
    await expect(r.getByRole('heading', { level: 3, name: 'Couldn’t check your project' })).toBeVisible();
    // Not the learner's fault, and the checks run again by themselves: said once, with the time.
    await expect(r.getByText(githubLimitReport(when))).toBeVisible();
    await expect(r.queryByText(verificationMessages.error)).not.toBeInTheDocument();
    const repository = row(canvasElement, githubLimitWaitReport.submission[0]!.label);
    await expect(repository.getByText('Couldn’t check')).toBeVisible();
    await expect(repository.getByText(githubLimitMessage(when))).toBeVisible();
    await expect(r.queryByText('Failed')).not.toBeInTheDocument();
    const button = r.getByRole('button', { name: 'Check again' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onRecheck).not.toHaveBeenCalled();
  },
};

export const Held: Story = {
  name: 'Held for review',
  args: { verification: heldReport },
  play: async ({ canvasElement }) => {
    const r = report(canvasElement);
    await expect(r.getByRole('heading', { level: 3, name: 'Held for review' })).toBeVisible();
    await expect(r.getByText(verificationMessages.held)).toBeVisible();
    // Which rule held it, and whom to ask, on the check that failed (open from the start).
    await expect(row(canvasElement, heldReport.submission.find((x) => x.status === 'failed')!.label).getByText(heldMessages.fork(SAMPLE_FORK_PARENT))).toBeVisible();
    await expect(r.queryByText(/^\+/)).not.toBeInTheDocument();
    await expect(r.queryByRole('button', { name: 'Check again' })).not.toBeInTheDocument();
  },
};

export const SelfReported: Story = {
  name: 'Self-reported',
  args: { verification: selfReportedReport },
  play: async ({ canvasElement }) => {
    const r = report(canvasElement);
    await expect(r.getByRole('heading', { level: 3, name: 'Self-reported' })).toBeVisible();
    await expect(r.getByText(verificationMessages.selfReported)).toBeVisible();
    await expect(r.getByText(`+${formatXp(XP)} (self-reported)`)).toBeVisible();
    await expect(r.getAllByText('Self-checked')).toHaveLength(selfReportedReport.requirements.length);
    await expect(r.queryByText('Passed')).not.toBeInTheDocument();
  },
};

export const NotVerifiedYet: Story = {
  name: 'Not verified yet',
  args: { verification: notVerifiedReport },
  play: async ({ canvasElement, args }) => {
    const r = report(canvasElement);
    await expect(r.getByRole('heading', { level: 3, name: 'Not verified yet' })).toBeVisible();
    await expect(r.getByText(verificationMessages.notVerified)).toBeVisible();
    await expect(r.getAllByText('Not checked')).toHaveLength(notVerifiedReport.requirements.length);
    await userEvent.click(r.getByRole('button', { name: 'Check again' }));
    await expect(args.onRecheck).toHaveBeenCalledOnce();
  },
};

export const RecheckLimitReached: Story = {
  name: 'Check again: limit reached',
  args: { verification: recheckLimitReport },
  play: async ({ canvasElement, args }) => {
    const r = report(canvasElement);
    const button = r.getByRole('button', { name: 'Check again' });
    await expect(button).toBeDisabled();
    await expect(r.getByText(verificationMessages.recheckLimit(formatTime(RECHECK_OPENS_AT, REPORT_TIME_ZONE)))).toBeVisible();
    await expect(r.getByText('You can check again from 20 March at 18:40.')).toBeVisible();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onRecheck).not.toHaveBeenCalled();
  },
};

export const RecheckRefused: Story = {
  name: 'Check again refused by the API',
  args: { verification: failedReport, recheckError: verificationMessages.recheckLimit(formatTime(RECHECK_OPENS_AT, REPORT_TIME_ZONE)) },
  play: async ({ canvasElement, args }) => {
    const r = report(canvasElement);
    await expect(r.getByRole('alert')).toHaveTextContent(args.recheckError ?? '');
  },
};

export const ScreenshotOpen: Story = {
  name: 'Screenshot enlarged',
  args: { verification: failedReport },
  play: async ({ canvasElement }) => {
    const first = requirement(failedReport, 2);
    await userEvent.click(row(canvasElement, first.label).getByRole('button', { name: 'Enlarge the screenshot' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Your page as checked' }));
    const image = dialog.getByRole('img', { name: `Screenshot of your page when “${first.label}” was checked` });
    await expect(image).toHaveAttribute('src', sampleScreenshot);
    await waitFor(() => expect((image as HTMLImageElement).complete).toBe(true));
    await expect((image as HTMLImageElement).naturalWidth).toBeGreaterThan(0);
  },
};

/** The report as it arrives: checking first, then the result, which is read out once. */
function Arriving(args: VerificationReportProps) {
  const [verification, setVerification] = useState(checkingReport);
  useEffect(() => {
    const timer = setTimeout(() => setVerification(args.verification), 50);
    return () => clearTimeout(timer);
  }, [args.verification]);
  return <VerificationReport {...args} verification={verification} />;
}

export const ResultAnnounced: Story = {
  name: 'Result arrives and is announced',
  args: { verification: failedReport },
  render: (args) => <Arriving {...args} />,
  play: async ({ canvasElement }) => {
    const r = report(canvasElement);
    const title = verificationMessages.failed(2);
    await expect(await r.findByRole('heading', { level: 3, name: title })).toBeVisible();
    const live = within(canvasElement).getByRole('region', { name: 'Verification Report' }).querySelector('[aria-live="polite"]');
    await waitFor(() => expect(live).toHaveTextContent(title));
    // The first failure opens when the result arrives.
    const first = requirement(failedReport, 2);
    await expect(toggleOf(canvasElement, 'Failed', first.label)).toHaveAttribute('aria-expanded', 'true');
  },
};
