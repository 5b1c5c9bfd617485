/** The streak-at-risk reminder: the learner's daily streak ends at their midnight unless they work today. */
import { createElement as h } from 'react';
import { MailButton, MailCard, MailLink, MailDocument, MailParagraph, renderHtml, type RenderedMail } from './layout.ts';

export type StreakAtRiskProps = {
  username: string;
  /** Days in a row so far (yesterday included). */
  streakDays: number;
  /** Where "keep it going" leads (the dashboard). */
  continueUrl: string;
  /** The web app's unsubscribe page for this kind of mail. */
  unsubscribeUrl: string;
  /** The Settings page (to change any switch). */
  settingsUrl: string;
};

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

export function streakAtRiskSubject(props: Pick<StreakAtRiskProps, 'streakDays'>): string {
  return `Your ${props.streakDays}-day streak ends at midnight`;
}

/** The message as it shows in a mail client (Storybook shows this). */
export function StreakAtRiskCard(props: StreakAtRiskProps) {
  return h(
    MailCard,
    {
      title: streakAtRiskSubject(props),
      footer: h(
        MailParagraph,
        { muted: true },
        'You get this because streak reminders are on in your settings. ',
        h(MailLink, { href: props.unsubscribeUrl }, 'Unsubscribe from streak reminders'),
        ' · ',
        h(MailLink, { href: props.settingsUrl }, 'Notification settings'),
      ),
    },
    h(MailParagraph, null, `Hi ${props.username},`),
    h(
      MailParagraph,
      null,
      `You have worked on PathForge ${days(props.streakDays)} in a row. Tick a task, start a project or submit one before midnight and your streak goes on.`,
    ),
    h('p', { style: { margin: '24px 0' } }, h(MailButton, { href: props.continueUrl }, 'Keep my streak')),
  );
}

export function StreakAtRiskMail(props: StreakAtRiskProps) {
  return h(MailDocument, { title: streakAtRiskSubject(props), preview: 'Tick a task, start or submit a project today to keep it.' }, StreakAtRiskCard(props));
}

export function renderStreakAtRisk(props: StreakAtRiskProps): RenderedMail {
  const subject = streakAtRiskSubject(props);
  const text = [
    `Hi ${props.username},`,
    '',
    `You have worked on PathForge ${days(props.streakDays)} in a row. Tick a task, start a project or submit one before midnight and your streak goes on.`,
    '',
    `Keep my streak: ${props.continueUrl}`,
    '',
    '--',
    'You get this because streak reminders are on in your settings.',
    `Unsubscribe from streak reminders: ${props.unsubscribeUrl}`,
    `Notification settings: ${props.settingsUrl}`,
  ].join('\n');
  return { subject, html: renderHtml(StreakAtRiskMail(props)), text };
}
