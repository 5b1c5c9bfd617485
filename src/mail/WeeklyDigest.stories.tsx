import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { activeWeekDigest, quietWeekDigest } from '../fixtures/mail';
import { MailPreview } from './MailPreview';
import { renderWeeklyDigest, WeeklyDigestCard, type WeeklyDigestProps } from './WeeklyDigest';

/** The Monday digest as mail clients show it, with its subject and its plain-text part. */
function WeeklyDigest(props: WeeklyDigestProps) {
  return <MailPreview mail={renderWeeklyDigest(props)}>{WeeklyDigestCard(props)}</MailPreview>;
}

const meta = {
  title: 'Mail/WeeklyDigest',
  component: WeeklyDigest,
  args: activeWeekDigest,
} satisfies Meta<typeof WeeklyDigest>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Tasks and a project done, a streak, the next task and the learner's place on the board. */
export const ActiveWeek: Story = {
  name: 'Active week',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Your week, 16 November to 22 November' })).toBeVisible();
    await expect(canvas.getAllByText('You completed 5 tasks and 1 project, and earned 340 XP.')[0]).toBeVisible();
    await expect(canvas.getAllByText('You are number 14 on the all-time leaderboard.')[0]).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', activeWeekDigest.nextTask?.url);
  },
};

/** Nothing done last week and no project under way: said plainly, with a way back in; no rank. */
export const QuietWeek: Story = {
  name: 'Quiet week',
  args: quietWeekDigest,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Subject: Your week on PathForge: pick up where you left off')).toBeVisible();
    await expect(canvas.getAllByText('You did not tick a task last week.')[0]).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Choose your next project' })).toBeVisible();
    await expect(canvas.queryByText(/leaderboard/)).toBeNull();
  },
};
