import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { firstDayStreakMail, streakAtRiskMail } from '../fixtures/mail';
import { MailPreview } from './MailPreview';
import { renderStreakAtRisk, StreakAtRiskCard, type StreakAtRiskProps } from './StreakAtRisk';

/** The streak-at-risk reminder as mail clients show it, with its subject and its plain-text part. */
function StreakAtRisk(props: StreakAtRiskProps) {
  return <MailPreview mail={renderStreakAtRisk(props)}>{StreakAtRiskCard(props)}</MailPreview>;
}

const meta = {
  title: 'Mail/StreakAtRisk',
  component: StreakAtRisk,
  args: streakAtRiskMail,
} satisfies Meta<typeof StreakAtRisk>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A twelve-day streak that ends tonight unless the learner works. */
export const TwelveDayStreak: Story = {
  name: 'Twelve-day streak',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Your 12-day streak ends at midnight' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Keep my streak' })).toHaveAttribute('href', streakAtRiskMail.continueUrl);
    await expect(canvas.getByRole('link', { name: 'Unsubscribe from streak reminders' })).toHaveAttribute('href', streakAtRiskMail.unsubscribeUrl);
    // The plain-text part says the same and carries the same links.
    await expect(canvas.getByTestId('mail-text')).toHaveTextContent(`Unsubscribe from streak reminders: ${streakAtRiskMail.unsubscribeUrl}`);
  },
};

/** One day so far: "1-day", and "1 day in a row". */
export const FirstDay: Story = {
  name: 'First day',
  args: firstDayStreakMail,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Your 1-day streak ends at midnight' })).toBeVisible();
    await expect(canvas.getAllByText(/worked on PathForge 1 day in a row/)[0]).toBeVisible();
  },
};
