import { useState, type ReactNode } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, http, HttpResponse } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { messages } from '../../api/common/client';
import { accountMessages, emailLinkMessages } from '../../domain/account';
import { linkedListSentence } from '../../domain/oauth';
import { streakRules, WEEKLY_GOAL } from '../../domain/streaks';
import { fakePushBrowser, sampleEndpoint, type FakePushBrowser } from '../../fixtures/push';
import { darkModeSettings, newEmail, noPasswordSettings, pausedRemindersSettings, unconfirmedSettings } from '../../fixtures/settings';
import { authHandlers, samplePassword, sampleRefreshedToken, sampleToken } from '../../fixtures/msw/auth';
import { learningHandlers } from '../../fixtures/msw/learning';
import { linkedGitHubOnlyNoPassword, linkedGoogle } from '../../fixtures/oauth';
import { sampleUser } from '../../fixtures/user';
import { usePreferences } from '../../stores/preferences';
import { useSession } from '../../stores/session';
import { NOTIFICATION_TEXTS, pushDevicesText, WEEKLY_GOAL_LABEL, weeklyGoalOption } from '../../screens/Settings/SettingsScreen';
import { PushBrowserContext } from '../usePushSwitch';
import { AppFlow } from './AppFlow';
import { toast } from './toast';

type PushOptions = Parameters<typeof fakePushBrowser>[0];
/** The stand-in browser of the story on show, so a play can check what it was asked. */
let pushBrowser: FakePushBrowser | null = null;

/** Push through a stand-in browser (the real one is driven by e2e/push.spec.ts): never asked before a click. */
function WithPushBrowser({ options, children }: { options: PushOptions; children: ReactNode }) {
  const [browser] = useState(() => (pushBrowser = fakePushBrowser(options)));
  return <PushBrowserContext.Provider value={browser}>{children}</PushBrowserContext.Provider>;
}

/**
 * Settings through the real route table, container and stores, with MSW answering as the API
 * does: what is saved, what the API refuses, and where the learner ends up. The screen's own
 * states are in Screens/Settings.
 */
const meta = {
  title: 'Flows/Settings',
  component: AppFlow,
  // No docs page: each story runs the whole app with the one session store.
  tags: ['!autodocs'],
  parameters: { ownRouter: true, layout: 'fullscreen' },
  args: { initialPath: '/app/settings' },
  decorators: [
    (Story, { parameters }) => (
      <WithPushBrowser options={parameters.push as PushOptions}>
        <Story />
      </WithPushBrowser>
    ),
  ],
  beforeEach: () => {
    useSession.getState().signedIn(sampleUser, sampleToken);
    usePreferences.setState({ colorMode: 'light' });
  },
} satisfies Meta<typeof AppFlow>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A fresh in-memory API per story (the handlers keep what they are told). */
const api = (options?: Parameters<typeof learningHandlers>[0]) => [...authHandlers, ...learningHandlers(options)];

const form = async () => {
  const name = await screen.findByLabelText('Full Name', {}, { timeout: 5000 });
  return { name, email: screen.getByLabelText('Email'), save: screen.getByRole('button', { name: 'Save Changes' }) };
};

export const Saved: Story = {
  name: 'Settings saved',
  parameters: { msw: api() },
  play: async () => {
    const { name, save } = await form();
    await userEvent.clear(name);
    await userEvent.type(name, 'Ada King');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Newsletter by Email' }));
    await userEvent.click(save);
    await expect(await toast('Settings saved')).toBeVisible();
    // The sidebar shows the new name at once.
    await waitFor(() => expect(screen.getByText('Ada King')).toBeVisible());
    await expect(useSession.getState().user).toMatchObject({ username: 'Ada King', email: sampleUser.email });
    await expect(screen.getByRole('checkbox', { name: 'Newsletter by Email' })).toBeChecked();
  },
};

export const NothingChanged: Story = {
  name: 'Nothing to save',
  parameters: { msw: api() },
  play: async () => {
    const { save } = await form();
    await userEvent.click(save);
    await expect(await toast('There are no changes to save.')).toBeVisible();
  },
};

export const EmailChangeWaiting: Story = {
  name: 'Email change waits for its link',
  parameters: { msw: api() },
  play: async () => {
    const { email, save } = await form();
    await userEvent.clear(email);
    await userEvent.type(email, newEmail);
    await userEvent.type(screen.getByLabelText('Current password'), samplePassword);
    await userEvent.click(save);
    // Not "saved": the address changes only when the link mailed to it is opened.
    await expect(await toast(emailLinkMessages.checkInbox(newEmail))).toBeVisible();
    await expect(screen.queryByText('Settings saved')).not.toBeInTheDocument();
    const waiting = await screen.findByRole('region', { name: 'Email change waiting' });
    await expect(email).toHaveValue(sampleUser.email);
    await expect(useSession.getState().user?.email).toBe(sampleUser.email);
    await userEvent.click(within(waiting).getByRole('button', { name: 'Cancel change' }));
    await expect(await toast(accountMessages.changeCancelled)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Email change waiting' })).not.toBeInTheDocument());
  },
};

export const PasswordLinkMailed: Story = {
  name: 'Set-password link mailed',
  parameters: {
    // The same account on both sides: GitHub made it, so GitHub is its only way in.
    msw: [http.get('*/account/identities', () => HttpResponse.json(linkedGitHubOnlyNoPassword)), ...api({ settings: noPasswordSettings })],
  },
  play: async () => {
    await form();
    // Google or GitHub made the account: no password fields, the link instead.
    await expect(screen.queryByRole('button', { name: 'Change Password' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Email me a link' }));
    await expect(await toast(accountMessages.passwordLinkSent(noPasswordSettings.profile.email))).toBeVisible();
  },
};

export const EmailNotConfirmed: Story = {
  name: 'Email not confirmed: banner, new link',
  parameters: { msw: api({ settings: unconfirmedSettings }) },
  play: async () => {
    const banner = await screen.findByRole('region', { name: 'Please confirm your email address' }, { timeout: 5000 });
    await userEvent.click(within(banner).getByRole('button', { name: 'Resend link' }));
    await expect(await within(banner).findByText(`A new link is on its way to ${sampleUser.email}. Open it to confirm the address.`)).toBeVisible();
    await expect(within(banner).getByRole('button', { name: 'Resend link' })).toBeDisabled();
  },
};

/** The API as it is once the confirmation link is opened: the settings it answers change then. */
let confirmed = false;
function confirmingApi() {
  const token = 'a'.repeat(43);
  return {
    token,
    handlers: [
      http.post('*/auth/confirm-email', async ({ request }) => {
        const body = (await request.json()) as { token: string };
        if (body.token !== token || confirmed) return HttpResponse.json({ message: emailLinkMessages.invalid }, { status: 400 });
        confirmed = true;
        return HttpResponse.json({ message: emailLinkMessages.confirmed, email: sampleUser.email });
      }),
      http.get('*/account/settings', () =>
        HttpResponse.json({ settings: { ...unconfirmedSettings, profile: { ...unconfirmedSettings.profile, emailConfirmed: confirmed } } }),
      ),
      ...api({ settings: unconfirmedSettings }),
    ],
  };
}
const confirming = confirmingApi();

export const EmailConfirmedFromLink: Story = {
  name: 'Email confirmed from the link, banner gone',
  args: { initialPath: `/confirm-email?token=${confirming.token}` },
  parameters: { msw: confirming.handlers },
  beforeEach: () => {
    confirmed = false;
  },
  play: async () => {
    const button = await screen.findByRole('button', { name: 'Confirm my email address' }, { timeout: 5000 });
    // Opening the link sent nothing (a mail scanner may run the page): only the click confirms.
    await delay(500);
    await expect(confirmed).toBe(false);
    await userEvent.click(button);
    await expect(await screen.findByRole('heading', { name: 'Email address confirmed' }, { timeout: 5000 })).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Continue to PathForge' }));
    // The dashboard once its parts are in (each its own query), the account's settings with them.
    await waitFor(() => expect(screen.getByRole('heading', { name: new RegExp(sampleUser.username) })).toBeVisible(), { timeout: 5000 });
    await expect(await screen.findByRole('link', { name: 'Continue Learning' }, { timeout: 5000 })).toBeVisible();
    await expect(await screen.findByTestId('level-badge', {}, { timeout: 5000 })).toBeVisible();
    await expect(await screen.findByRole('list', { name: 'Top 5 learners' }, { timeout: 5000 })).toBeVisible();
    await expect(screen.queryByRole('region', { name: 'Please confirm your email address' })).not.toBeInTheDocument();
  },
};

/** Every write the app sent (method, path and body), for "only what changed is sent". */
const writes: string[] = [];
const recordWrites = http.all('*', async ({ request }) => {
  if (request.method !== 'GET') writes.push(`${request.method} ${new URL(request.url).pathname} ${await request.clone().text()}`);
  return undefined;
});

export const WeeklyGoalSaved: Story = {
  name: 'Weekly goal saved',
  parameters: {
    msw: [
      recordWrites,
      // The API takes a moment: nothing may say "saved" before it has answered.
      http.put('*/learning/clock', async () => {
        await delay(400);
        return undefined;
      }),
      ...api(),
    ],
  },
  play: async () => {
    writes.length = 0;
    const { save } = await form();
    const goal = await screen.findByLabelText(WEEKLY_GOAL_LABEL, {}, { timeout: 5000 });
    await expect(goal).toHaveDisplayValue(weeklyGoalOption(WEEKLY_GOAL.default));
    await userEvent.selectOptions(goal, weeklyGoalOption(5));
    await userEvent.click(save);
    await expect(await screen.findByRole('button', { name: 'Saving…' })).toBeDisabled();
    await expect(screen.queryByRole('status', { name: 'Settings saved' })).not.toBeInTheDocument();
    await expect(await toast('Settings saved')).toBeVisible();
    // Only the goal changed: the account's settings were not written (the app also tells the API its time zone).
    await expect(writes.filter((w) => !w.includes('timeZone'))).toEqual(['PUT /learning/clock {"weeklyGoal":5}']);
    // Read again from the API: the goal as kept is now 5, so there is nothing left to save.
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await expect(await toast('There are no changes to save.')).toBeVisible();
    // XP & Badges counts the weekly streak with the new goal.
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'XP & Badges' }));
    await expect(await screen.findByText('5 active days a week', {}, { timeout: 5000 })).toBeVisible();
    // and its rules say so.
    await expect(screen.getByText(streakRules(5).at(-1) ?? '')).toBeVisible();
  },
};

export const WeeklyGoalNotSaved: Story = {
  name: 'Weekly goal not saved',
  parameters: { msw: [http.put('*/learning/clock', () => HttpResponse.error()), ...api()] },
  play: async () => {
    const { save } = await form();
    const goal = await screen.findByLabelText(WEEKLY_GOAL_LABEL, {}, { timeout: 5000 });
    await userEvent.selectOptions(goal, weeklyGoalOption(6));
    await userEvent.click(save);
    // Said where Save Changes is; nothing claims it was saved, and the learner's pick stays.
    await expect(await screen.findByText(messages.unreachable)).toBeVisible();
    await expect(screen.queryByRole('status', { name: 'Settings saved' })).not.toBeInTheDocument();
    await expect(goal).toHaveDisplayValue(weeklyGoalOption(6));
    await expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  },
};

export const AccountDarkMode: Story = {
  name: 'Dark mode from the account',
  parameters: { msw: api({ settings: darkModeSettings }) },
  play: async () => {
    await form();
    // Saved on another device: this one follows once the account's settings are in.
    await waitFor(() => expect(usePreferences.getState().colorMode).toBe('dark'));
    await expect(screen.getByRole('checkbox', { name: 'Dark Mode' })).toBeChecked();
  },
};

export const AccountDarkModeElsewhere: Story = {
  name: 'Dark mode from the account on any page',
  // Any page of the app area (here XP & Badges, whose screenshots are its own stories').
  args: { initialPath: '/app/xp-badges' },
  parameters: { msw: api({ settings: darkModeSettings }), screenshot: { disable: true } },
  play: async () => {
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    await waitFor(() => expect(usePreferences.getState().colorMode).toBe('dark'));
  },
};

export const PasswordChanged: Story = {
  name: 'Password changed',
  parameters: { msw: api() },
  play: async () => {
    await form();
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    const opened = await screen.findByRole('dialog', { name: 'Change your password' });
    // Focus moves into the dialog a frame or more after it opens: typing before that loses keys.
    await waitFor(() => expect(opened).toContainElement(document.activeElement as HTMLElement));
    const dialog = within(opened);
    await userEvent.type(dialog.getByLabelText('Current password'), 'not-my-password');
    await userEvent.type(dialog.getByLabelText('New password'), 'new-secret-1');
    await userEvent.type(dialog.getByLabelText('Confirm new password'), 'new-secret-1');
    await userEvent.click(dialog.getByRole('button', { name: 'Change Password' }));
    await expect(await dialog.findByText(accountMessages.wrongPassword)).toBeVisible();

    await userEvent.clear(dialog.getByLabelText('Current password'));
    await userEvent.type(dialog.getByLabelText('Current password'), samplePassword);
    await userEvent.click(dialog.getByRole('button', { name: 'Change Password' }));
    // Every session ended: the toast names the linked sign-ins, and this browser goes on in the new session.
    await expect(await toast(`${accountMessages.passwordChanged} ${linkedListSentence(linkedGoogle.identities)}`)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change your password' })).not.toBeInTheDocument());
    await expect(useSession.getState().token).toBe(sampleRefreshedToken);
    await expect(screen.queryByRole('status', { name: 'There are no changes to save.' })).not.toBeInTheDocument();
  },
};

export const AccountDeleted: Story = {
  name: 'Account deleted',
  parameters: {
    msw: api(),
    // Ends on the landing page, whose screenshots are its own stories'.
    screenshot: { disable: true },
  },
  play: async () => {
    await form();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    const opened = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    await waitFor(() => expect(opened).toContainElement(document.activeElement as HTMLElement));
    const dialog = within(opened);
    await userEvent.type(dialog.getByLabelText('Password'), 'not-my-password');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete account' }));
    await expect(await dialog.findByText(accountMessages.wrongPassword)).toBeVisible();
    await expect(useSession.getState().token).toBe(sampleToken);

    await userEvent.clear(dialog.getByLabelText('Password'));
    await userEvent.type(dialog.getByLabelText('Password'), samplePassword);
    await userEvent.click(dialog.getByRole('button', { name: 'Delete account' }));
    await expect(await toast(accountMessages.deleted)).toBeVisible();
    await expect(useSession.getState()).toMatchObject({ user: null, token: null, signedOutByUser: true });
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: 'Settings' })).not.toBeInTheDocument());
    await expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  },
};

const PUSH = 'Streak at risk by Push on this browser';

export const PushTurnedOn: Story = {
  name: 'Push turned on for this browser',
  parameters: { msw: api(), push: { answer: 'granted' } },
  play: async () => {
    await form();
    const push = await screen.findByRole('checkbox', { name: PUSH });
    await waitFor(() => expect(push).toBeEnabled());
    // Nothing was asked until the learner clicked.
    await expect(pushBrowser?.asked).toBe(0);
    await userEvent.click(push);
    await waitFor(() => expect(push).toBeChecked());
    await expect(pushBrowser?.asked).toBe(1);
    await expect(pushBrowser?.subscribed()).toBe(true);
    // The count is the server's: the one browser it had, and this one.
    await waitFor(() => expect(push).toHaveAccessibleDescription(pushDevicesText(2, true)));
  },
};

export const PushTurnedOff: Story = {
  name: 'Push turned off for this browser',
  // The one browser the server knows is this one.
  parameters: { msw: api({ pushEndpoints: [sampleEndpoint] }), push: { subscribed: true } },
  play: async () => {
    await form();
    const push = await screen.findByRole('checkbox', { name: PUSH });
    await waitFor(() => expect(push).toBeChecked());
    await userEvent.click(push);
    await waitFor(() => expect(push).not.toBeChecked());
    await expect(pushBrowser?.subscribed()).toBe(false);
    await expect(pushBrowser?.asked).toBe(0);
    await waitFor(() => expect(push).toHaveAccessibleDescription(pushDevicesText(0, false)));
  },
};

export const PushBlocked: Story = {
  name: 'Push blocked when the browser asked',
  parameters: { msw: api(), push: { answer: 'denied' } },
  play: async () => {
    await form();
    const push = await screen.findByRole('checkbox', { name: PUSH });
    await waitFor(() => expect(push).toBeEnabled());
    await userEvent.click(push);
    await expect(await screen.findByText(NOTIFICATION_TEXTS.pushDenied)).toBeVisible();
    await expect(push).not.toBeChecked();
    await expect(pushBrowser?.subscribed()).toBe(false);
  },
};

export const PushNotKept: Story = {
  name: 'Push not kept when the API is down',
  parameters: { msw: [http.post('*/account/push-subscriptions', () => HttpResponse.error()), ...api()], push: { answer: 'granted' } },
  play: async () => {
    await form();
    const push = await screen.findByRole('checkbox', { name: PUSH });
    await waitFor(() => expect(push).toBeEnabled());
    await userEvent.click(push);
    await expect(await screen.findByText(messages.unreachable)).toBeVisible();
    // The browser let go of the subscription no server knows about: the switch is off.
    await expect(push).not.toBeChecked();
    await expect(pushBrowser?.subscribed()).toBe(false);
  },
};

export const RemindersResumed: Story = {
  name: 'Paused streak reminders turned on again',
  parameters: { msw: api({ settings: pausedRemindersSettings }) },
  play: async () => {
    const { save } = await form();
    await expect(screen.getByText(/^Streak reminders paused themselves/)).toBeVisible();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Streak at risk by Email' }));
    await userEvent.click(save);
    await expect(await toast('Settings saved')).toBeVisible();
    await waitFor(() => expect(screen.queryByText(/^Streak reminders paused themselves/)).not.toBeInTheDocument());
    await expect(screen.getByText('Next one: Friday 20 March, 19:30 GMT.')).toBeVisible();
    await expect(screen.getByRole('checkbox', { name: 'Streak at risk by Email' })).toBeChecked();
  },
};
