/** The weekly digest: last week's work, XP, streak, the next task and the learner's rank, all from their records. */
import { createElement as h } from 'react';
import { MailButton, MailCard, MailLink, MailDocument, MailParagraph, mailColors, renderHtml, type RenderedMail } from './layout.ts';

export type WeeklyDigestProps = {
  username: string;
  /** The week told about: its Monday and Sunday ('YYYY-MM-DD'). */
  weekStart: string;
  weekEnd: string;
  /** Tasks ticked for the first time, and projects completed, that week. */
  tasks: number;
  projects: number;
  /** XP earned that week, and in all. */
  xp: number;
  totalXp: number;
  /** The daily streak now (0: none). */
  streakDays: number;
  /** The first open task of the project under way, or null when none is under way. */
  nextTask: { title: string; project: string; url: string } | null;
  /** Place on the all-time leaderboard, or null when not on it. */
  rank: number | null;
  dashboardUrl: string;
  unsubscribeUrl: string;
  settingsUrl: string;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** "3 November" from '2026-11-03', without the reader's time zone moving the day. */
const dayName = (day: string) => {
  const [, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date} ${MONTHS[month - 1]}`;
};

const weekTitle = (props: Pick<WeeklyDigestProps, 'weekStart' | 'weekEnd'>) => `Your week, ${dayName(props.weekStart)} to ${dayName(props.weekEnd)}`;

export function weeklyDigestSubject(props: Pick<WeeklyDigestProps, 'tasks' | 'projects'>): string {
  if (props.tasks === 0 && props.projects === 0) return 'Your week on PathForge: pick up where you left off';
  return `Your week on PathForge: ${plural(props.tasks, 'task', 'tasks')} done`;
}

/** The week's figures as lines: the same words in the HTML and the text part. */
function summaryLines(props: WeeklyDigestProps): string[] {
  const worked = props.tasks > 0 || props.projects > 0;
  return [
    worked
      ? `You completed ${plural(props.tasks, 'task', 'tasks')} and ${plural(props.projects, 'project', 'projects')}, and earned ${props.xp} XP.`
      : 'You did not tick a task last week.',
    `You have ${props.totalXp} XP in all.`,
    props.streakDays > 0 ? `Your daily streak: ${plural(props.streakDays, 'day', 'days')}.` : 'No daily streak running: one task today starts a new one.',
    ...(props.rank === null ? [] : [`You are number ${props.rank} on the all-time leaderboard.`]),
  ];
}

/** The message as it shows in a mail client (Storybook shows this). */
export function WeeklyDigestCard(props: WeeklyDigestProps) {
  const next = props.nextTask;
  return h(
    MailCard,
    {
      title: weekTitle(props),
      footer: h(
        MailParagraph,
        { muted: true },
        'You get this because the weekly digest is on in your settings. ',
        h(MailLink, { href: props.unsubscribeUrl }, 'Unsubscribe from the weekly digest'),
        ' · ',
        h(MailLink, { href: props.settingsUrl }, 'Notification settings'),
      ),
    },
    h(MailParagraph, null, `Hi ${props.username},`),
    h(
      'ul',
      { style: { margin: '0 0 20px', paddingLeft: '20px', lineHeight: 1.6, listStyleType: 'disc' } },
      summaryLines(props).map((line) => h('li', { key: line }, line)),
    ),
    next
      ? h(
          'div',
          { style: { border: `1px solid ${mailColors.border}`, borderRadius: '8px', padding: '16px', margin: '0 0 20px' } },
          h('div', { style: { color: mailColors.muted, fontSize: '13px' } }, `Next in ${next.project}`),
          h('div', { style: { fontWeight: 600, margin: '4px 0 12px' } }, next.title),
          h(MailButton, { href: next.url }, 'Continue'),
        )
      : h('p', { style: { margin: '24px 0' } }, h(MailButton, { href: props.dashboardUrl }, 'Choose your next project')),
  );
}

export function WeeklyDigestMail(props: WeeklyDigestProps) {
  return h(MailDocument, { title: weekTitle(props), preview: summaryLines(props)[0] as string }, WeeklyDigestCard(props));
}

export function renderWeeklyDigest(props: WeeklyDigestProps): RenderedMail {
  const next = props.nextTask;
  const text = [
    `Hi ${props.username},`,
    '',
    `${weekTitle(props)}:`,
    ...summaryLines(props).map((line) => `- ${line}`),
    '',
    next ? `Next in ${next.project}: ${next.title}\nContinue: ${next.url}` : `Choose your next project: ${props.dashboardUrl}`,
    '',
    '--',
    'You get this because the weekly digest is on in your settings.',
    `Unsubscribe from the weekly digest: ${props.unsubscribeUrl}`,
    `Notification settings: ${props.settingsUrl}`,
  ].join('\n');
  return { subject: weeklyDigestSubject(props), html: renderHtml(WeeklyDigestMail(props)), text };
}
