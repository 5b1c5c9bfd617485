/**
 * The account API's shapes (GET /account/settings, the profile, preferences, password and deletion, the
 * email links it mails, the linked sign-ins of /account/identities): zod schemas the server turns into
 * its Fastify schemas and the browser parses answers with; the types are derived from them. Its
 * sentences are src/domain/account.ts's.
 */
import '../../domain/zodInBrowser.ts';
import { z } from 'zod';
import { PROVIDERS } from '../../domain/oauth.ts';

/**
 * Not the oauth contract's `providerSchema`: the sign-in pages load that contract with `import()`, and
 * a static import here as well would split the bundler's runtime helpers out of the landing page's
 * entry chunk (one more request, and over its budget: `npm run size`).
 */
const providerSchema = z.enum(PROVIDERS);

/** Which messages the learner gets, per kind and channel. Marketing (updates, newsletter) is off unless asked for. */
export const notificationPreferencesSchema = z.strictObject({
  streakEmail: z.boolean(),
  streakPush: z.boolean(),
  digestEmail: z.boolean(),
  updatesEmail: z.boolean(),
  newsletterEmail: z.boolean(),
});
export const DEFAULT_NOTIFICATION_PREFERENCES: z.infer<typeof notificationPreferencesSchema> = {
  streakEmail: true,
  streakPush: true,
  digestEmail: true,
  updatesEmail: false,
  newsletterEmail: false,
};
export const preferencesSchema = z.strictObject({
  notifications: notificationPreferencesSchema,
  darkMode: z.boolean(),
  publicProfile: z.boolean(),
});
/** What the server can send and when the next reminder would go out (read-only, part of GET /account/settings). */
export const remindersStatusSchema = z.strictObject({
  /** Set when streak reminders paused themselves after two weeks of ignored ones (ISO time); null otherwise. Turning the streak switch on again resumes them. */
  pausedAt: z.string().nullable(),
  /** When the next streak-at-risk reminder would go out (ISO), null when none would (no streak, switches off, paused, already worked today is NOT a reason for null: give tomorrow's). */
  nextStreakReminderAt: z.string().nullable(),
  /** When the next weekly digest would go out (ISO, the learner's local Monday morning), null when off. */
  nextDigestAt: z.string().nullable(),
  /**
   * Whether this server can send email (SMTP_URL set, or the development outbox; production without
   * SMTP_URL sends none) and push (VAPID keys set).
   */
  email: z.enum(['ready', 'not-set-up']),
  push: z.enum(['ready', 'not-set-up']),
  /** The VAPID public key (base64url) the browser subscribes with; null when push is not set up. */
  pushPublicKey: z.string().nullable(),
  /** How many browsers of this learner are subscribed to push. */
  pushDevices: z.int(),
});

export const settingsSchema = z.strictObject({
  profile: z.strictObject({
    username: z.string(),
    /** The address the account signs in and gets reset links with. */
    email: z.string(),
    /** Whether a link mailed to `email` was opened (false: the app asks to confirm it). */
    emailConfirmed: z.boolean(),
    /** A new address waiting for its confirmation link to be opened; null when none. */
    pendingEmail: z.string().nullable(),
    /**
     * False for an account a provider (Google, GitHub) made that has not set a password yet: it
     * cannot change a password, its email or delete itself until a mailed link sets one.
     */
    hasPassword: z.boolean(),
  }),
  preferences: preferencesSchema,
  reminders: remindersStatusSchema,
});

export const settingsResponseSchema = z.strictObject({ settings: settingsSchema });
/** A new email needs `currentPassword`; the name alone does not. */
export const profileBodySchema = z.strictObject({ username: z.string(), email: z.string(), currentPassword: z.string().optional() });
export const passwordBodySchema = z.strictObject({ currentPassword: z.string(), newPassword: z.string() });
/** POST /account/password: what happened (the linked sign-ins listed), and this browser's new session's access token. */
export const passwordChangedResponseSchema = z.strictObject({ message: z.string(), token: z.string() });
export const deleteAccountBodySchema = z.strictObject({ password: z.string() });

export type Settings = z.infer<typeof settingsSchema>;
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export type RemindersStatus = z.infer<typeof remindersStatusSchema>;
export type Preferences = z.infer<typeof preferencesSchema>;

// ---------------------------------------------------------------------------------------------
// Linked sign-ins (Google, GitHub): GET, POST and DELETE /account/identities[/:provider]
// ---------------------------------------------------------------------------------------------

/** One linked sign-in as Settings shows it. */
export const identitySchema = z.strictObject({
  provider: providerSchema,
  /** The provider's email when it was linked, or GitHub's login name: what tells the learner which account it is. */
  label: z.string(),
  linkedAt: z.string(),
});

/** GET /account/identities (and the answer to an unlink). */
export const identitiesResponseSchema = z.strictObject({
  identities: z.array(identitySchema),
  /** False for an account a provider created, until the learner sets a password (a reset link). */
  hasPassword: z.boolean(),
  /** False until the account's address is confirmed: linking waits for it. */
  emailConfirmed: z.boolean(),
  providers: z.strictObject({ google: z.boolean(), github: z.boolean() }),
});

/**
 * POST /account/identities/:provider: the current password (an account that has one); an account
 * without one sends nothing and must have signed in with a linked provider minutes ago.
 */
export const linkStartBodySchema = z.strictObject({ password: z.string().optional() });

/** POST /account/identities/:provider: where to send the browser to link that provider. */
export const linkStartResponseSchema = z.strictObject({ url: z.string() });

export type LinkedIdentity = z.infer<typeof identitySchema>;
export type LinkedAccounts = z.infer<typeof identitiesResponseSchema>;
