/**
 * The account's sentences and the lifetimes of the links it mails, once, for the server and the
 * browser (Settings, the email-link page). No zod: the account API's shapes are src/api/account/contract.ts.
 */
import { PASSWORD_REFUSED } from './auth.ts';

export const accountMessages = {
  wrongPassword: PASSWORD_REFUSED,
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  deleted: 'Your account and everything in it have been deleted.',
  pathReset: 'Your progress on this path has been reset.',
  passwordForEmail: 'Enter your current password to change your email.',
  alreadyConfirmed: 'Your email address is already confirmed.',
  changeCancelled: 'The email change is cancelled.',
  /** A password change, an email change or a deletion asked of an account with no password. */
  noPassword: 'Your account has no password yet. Set one with the link we can email you from Settings, then try again.',
  /** POST /account/password-link for an account that has a password. */
  alreadyHasPassword: 'Your account already has a password. To choose another, change it in Settings.',
  /** POST /account/password-link: where the link went. */
  passwordLinkSent: (email: string) => `A link to set your password is on its way to ${email}.`,
} as const;

/** How long a mailed link works. The undo link lasts longer: the old address may be read late. */
export const CONFIRM_LINK_HOURS = 24;
export const UNDO_LINK_DAYS = 7;

/** Confirming an address, and undoing an email change (sent to the old address): their bodies and answers are the auth API's. */
export const emailLinkMessages = {
  confirmed: 'Your email address is confirmed.',
  undone: 'The email change is undone and every session is signed out. Sign in with this address again.',
  invalid: 'This link is invalid or has expired.',
  /** POST /account/email/resend: where the new link went. */
  sent: (email: string) => `A new link is on its way to ${email}.`,
  /** Settings, after asking for a new address: nothing is saved until its link is opened. */
  checkInbox: (email: string) => `Check ${email} to confirm your new email address.`,
  /**
   * The answer (503) to every request whose whole point is a mailed link (forgot password, set a
   * password, change or confirm an email) on a server with no mail server: production without SMTP_URL.
   */
  notSetUp: 'Email is not set up on this server, so no link can be sent. Ask whoever runs this PathForge.',
  /** The confirm-email banner on such a server: registration sent nothing, and nothing can be sent. */
  notSentHere: (email: string) =>
    `Email is not set up on this server, so no link was sent to ${email}. Your account works without it; to confirm the address, ask whoever runs this PathForge.`,
} as const;
