/**
 * What PathForge tells an account's owner when its ways in change: the mail sent when a Google or
 * GitHub account is linked (with its one-click removal link), the notice after a password change,
 * a reset or a confirmed email change (which lists the linked sign-ins), and the removal page's
 * sentences. One source for the server (the mails, the answers) and the browser (the page). No zod.
 */
import { describeIdentities, linkedListSentence, providerLabels, type Provider } from './oauth.ts';

/** How long the removal link in a "linked" mail works. */
export const REMOVE_LINK_DAYS = 7;

type Identity = { provider: Provider; label: string };

/** "28 Nov 2026, 18:50 UTC": a moment as the mails name it (UTC: the server does not know the reader's zone). */
export function mailTime(iso: string): string {
  const at = new Date(iso);
  const date = at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' });
  return `${date}, ${time} UTC`;
}

/** The mail to the account's address after a provider was linked: what, when, and the way to undo it. */
export function linkedMail(input: { username: string; identity: Identity; at: string; removeUrl: string }): { subject: string; text: string } {
  const name = providerLabels[input.identity.provider];
  return {
    subject: `${name} was linked to your PathForge account`,
    text: [
      `Hi ${input.username},`,
      '',
      `The ${name} account ${input.identity.label} was linked to your PathForge account on ${mailTime(input.at)}.`,
      `It can now sign in to your account.`,
      '',
      `If this was not you, open this link within ${REMOVE_LINK_DAYS} days: one click removes ${name} from your account`,
      'and signs out every device. Then reset your password from the sign-in page.',
      '',
      input.removeUrl,
      '',
      'If it was you, nothing is needed.',
    ].join('\n'),
  };
}

export type SecurityEvent = 'password-changed' | 'password-reset' | 'email-changed';

const EVENT_SENTENCES: Record<SecurityEvent, { subject: string; what: string }> = {
  'password-changed': { subject: 'Your PathForge password was changed', what: 'The password of your PathForge account was changed' },
  'password-reset': { subject: 'Your PathForge password was reset', what: 'The password of your PathForge account was reset through the link we mailed you' },
  'email-changed': { subject: 'Your PathForge email address was changed', what: 'Your PathForge account now uses this email address' },
};

/** The notice after a password change, a reset or a confirmed email change: sessions ended, linked sign-ins listed. */
export function securityNoticeMail(input: {
  username: string;
  event: SecurityEvent;
  at: string;
  linked: readonly Identity[];
  /** Identities a reset removed because they were linked while the address was unconfirmed. */
  removed?: readonly Identity[];
}): { subject: string; text: string } {
  const { subject, what } = EVENT_SENTENCES[input.event];
  const removed = input.removed ?? [];
  return {
    subject,
    text: [
      `Hi ${input.username},`,
      '',
      `${what} on ${mailTime(input.at)}. Every device was signed out${input.event === 'password-changed' ? ' except the one that changed it' : ''}.`,
      '',
      linkedListSentence(input.linked),
      ...(removed.length > 0 ? ['', removedSentence(removed)] : []),
      '',
      'If this was not you, reset your password from the sign-in page at once.',
    ].join('\n'),
  };
}

/** After a reset: the identities it removed (linked while the account's address was not confirmed). */
export const removedSentence = (removed: readonly Identity[]) => `Removed, because it was linked before this address was confirmed: ${describeIdentities(removed)}.`;

/** The page a "linked" mail's link opens: it says what will happen and acts only on the click. */
export const removeLinkTexts = {
  title: 'Remove a linked sign-in',
  explain:
    'This removes the Google or GitHub account named in the email from your PathForge account and signs out every device, this one included. Use it if you did not link that account yourself.',
  button: 'Remove it and sign out everywhere',
  keep: 'If you linked it yourself, close this page: nothing changes.',
  pending: 'Removing…',
  noToken: 'This link is incomplete. Open it again from the email, or unlink the account in Settings.',
  invalid: 'This link is invalid, was already used or has expired. You can still unlink an account in Settings.',
  done: (identity: Identity, wasLinked: boolean) =>
    `${wasLinked ? `${providerLabels[identity.provider]} (${identity.label}) is no longer linked to your PathForge account` : `${providerLabels[identity.provider]} (${identity.label}) was already unlinked`}, and every device has been signed out.`,
  next: 'If you did not link it, reset your password now from the sign-in page.',
} as const;
