import { useState, type ReactNode } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { messages } from '../../api/common/client';
import { AppShell } from '../../components/AppShell/AppShell';
import { profileMessages } from '../../domain/learning';
import { accountMessages } from '../../domain/account';
import {
  customSettings,
  fiveDayGoalXp,
  midwayXp,
  newEmail,
  noPasswordSettings,
  nothingSetUpSettings,
  pausedRemindersSettings,
  pendingEmailSettings,
  SAMPLE_TIME_ZONE,
  sampleSettings,
  sampleUser,
} from '../../fixtures';
import { applyColorMode } from '../../theme/colorMode';
import {
  changePasswordMessages,
  DELETE_ACCOUNT_WARNING,
  DELETE_NEEDS_PASSWORD,
  DELETE_PASSWORD_REQUIRED,
  EMAIL_NEEDS_PASSWORD,
  NO_PASSWORD_YET,
  NOTIFICATION_TEXTS,
  pushDevicesText,
  SettingsScreen,
  WEEKLY_GOAL_LABEL,
  weeklyGoalOption,
  type SaveError,
  type SettingsScreenProps,
} from './SettingsScreen';

/** Applies Dark Mode to the page at once, as the route does through the preferences store. */
function WithColorMode(args: SettingsScreenProps) {
  return (
    <SettingsScreen
      {...args}
      onDarkModeChange={(on) => {
        args.onDarkModeChange(on);
        applyColorMode(on ? 'dark' : 'light');
      }}
    />
  );
}

/** Answers Save Changes the way the API refused it, as the route hands its answer back. */
function SaveRefused({ answer, ...args }: SettingsScreenProps & { answer: SaveError }) {
  const [saveError, setSaveError] = useState<SaveError | null>(null);
  return (
    <WithColorMode
      {...args}
      saveError={saveError}
      onSave={(changes) => {
        args.onSave(changes);
        setSaveError({ ...answer });
      }}
    />
  );
}

const shell = (children: ReactNode) => (
  <AppShell user={sampleUser} collapsed={false} onToggleCollapsed={fn()} onSignOut={fn()}>
    {children}
  </AppShell>
);

const meta = {
  title: 'Screens/Settings',
  component: SettingsScreen,
  parameters: { layout: 'fullscreen', route: '/app/settings' },
  args: {
    settings: { status: 'ready', data: sampleSettings },
    weeklyGoal: { status: 'ready', data: midwayXp.weekly.goal },
    timeZone: SAMPLE_TIME_ZONE,
    push: { device: 'off' },
    onPushChange: fn(),
    onDarkModeChange: fn(),
    onSave: fn(),
    isSaving: false,
    saveError: null,
    passwordChange: { status: 'idle' },
    onChangePassword: fn(),
    accountDeletion: { status: 'idle' },
    onDeleteAccount: fn(),
    emailResend: { status: 'idle' },
    onResendEmail: fn(),
    emailCancel: { status: 'idle' },
    onCancelEmailChange: fn(),
    passwordLink: { status: 'idle' },
    onSendPasswordLink: fn(),
  },
  render: (args) => shell(<WithColorMode {...args} />),
} satisfies Meta<typeof SettingsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const toggle = (canvasElement: HTMLElement, name: string) => within(canvasElement).getByRole('checkbox', { name });
/** One kind of message in the Notifications card (its own titled section). */
const kind = (canvasElement: HTMLElement, name: string) => within(within(canvasElement).getByRole('region', { name }));
const STREAK_EMAIL = 'Streak at risk by Email';
const STREAK_PUSH = 'Streak at risk by Push on this browser';
const DIGEST = 'Weekly digest by Email';
const UPDATES = 'Product updates by Email';
const NEWSLETTER = 'Newsletter by Email';
const saveButton = (canvasElement: HTMLElement) => within(canvasElement).getByRole('button', { name: /Save Changes|Saving/ });
const { notifications } = sampleSettings.preferences;

export const Defaults: Story = {
  parameters: { screenshot: { phone: true } },
  name: 'Saved settings',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    for (const name of ['Profile Settings', 'Notifications', 'Appearance', 'Privacy & Security']) {
      await expect(c.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expect(c.getByLabelText('Full Name')).toHaveValue(sampleSettings.profile.username);
    await expect(c.getByLabelText('Email')).toHaveValue(sampleSettings.profile.email);
    // The defaults: streak reminders and the digest on; no marketing unless asked for.
    await expect(toggle(canvasElement, STREAK_EMAIL)).toBeChecked();
    await expect(toggle(canvasElement, DIGEST)).toBeChecked();
    await expect(toggle(canvasElement, UPDATES)).not.toBeChecked();
    await expect(toggle(canvasElement, NEWSLETTER)).not.toBeChecked();
    // This browser is not subscribed yet: its switch is off, and says where push goes.
    await expect(toggle(canvasElement, STREAK_PUSH)).not.toBeChecked();
    await expect(toggle(canvasElement, STREAK_PUSH)).toHaveAccessibleDescription(pushDevicesText(1, false));
    // When the next ones go out, on the learner's clock (London, winter time).
    const streak = kind(canvasElement, 'Streak at risk');
    await expect(streak.getByText('Next one: Friday 20 March, 19:30 GMT.')).toBeVisible();
    await expect(kind(canvasElement, 'Weekly digest').getByText('Next one: Monday 23 March, 08:00 GMT.')).toBeVisible();
    await expect(toggle(canvasElement, 'Dark Mode')).not.toBeChecked();
    await expect(toggle(canvasElement, 'Public Profile')).not.toBeChecked();
    await expect(c.getByRole('button', { name: 'Change Password' })).toBeVisible();
    await expect(c.getByRole('button', { name: 'Delete Account' })).toBeVisible();
    await expect(c.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  },
};

export const CustomChoices: Story = {
  name: 'Your own choices',
  args: { settings: { status: 'ready', data: customSettings }, weeklyGoal: { status: 'ready', data: fiveDayGoalXp.weekly.goal }, push: { device: 'on' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByLabelText(WEEKLY_GOAL_LABEL)).toHaveDisplayValue(weeklyGoalOption(fiveDayGoalXp.weekly.goal));
    await expect(c.getByLabelText('Full Name')).toHaveValue(customSettings.profile.username);
    await expect(c.getByLabelText('Email')).toHaveValue(customSettings.profile.email);
    await expect(toggle(canvasElement, STREAK_EMAIL)).not.toBeChecked();
    await expect(toggle(canvasElement, STREAK_PUSH)).toBeChecked();
    await expect(toggle(canvasElement, STREAK_PUSH)).toHaveAccessibleDescription(pushDevicesText(2, true));
    await expect(toggle(canvasElement, DIGEST)).not.toBeChecked();
    await expect(toggle(canvasElement, UPDATES)).toBeChecked();
    await expect(toggle(canvasElement, NEWSLETTER)).not.toBeChecked();
    // Push alone keeps the streak reminder; the digest is off, so no time is given for it.
    await expect(kind(canvasElement, 'Streak at risk').getByText(/^Next one:/)).toBeVisible();
    await expect(kind(canvasElement, 'Weekly digest').queryByText(/^Next one:/)).not.toBeInTheDocument();
    await expect(toggle(canvasElement, 'Public Profile')).toBeChecked();
  },
};

export const Edited: Story = {
  name: 'Changes saved',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    // Nothing changed: the container is told so (it says there is nothing to save).
    await userEvent.click(saveButton(canvasElement));
    await expect(args.onSave).toHaveBeenLastCalledWith({});

    const name = c.getByLabelText('Full Name');
    await userEvent.clear(name);
    await userEvent.type(name, ' Ada King ');
    await userEvent.click(toggle(canvasElement, UPDATES));
    await userEvent.click(toggle(canvasElement, 'Public Profile'));
    await expect(toggle(canvasElement, UPDATES)).toBeChecked();
    await userEvent.click(saveButton(canvasElement));
    await expect(args.onSave).toHaveBeenLastCalledWith({
      profile: { username: 'Ada King', email: sampleSettings.profile.email },
      preferences: { notifications: { ...notifications, updatesEmail: true }, darkMode: false, publicProfile: true },
    });
    await expect(args.onDarkModeChange).not.toHaveBeenCalled();
  },
};

export const PreferencesOnly: Story = {
  name: 'Only a notification changed',
  play: async ({ canvasElement, args }) => {
    await userEvent.click(toggle(canvasElement, NEWSLETTER));
    await userEvent.click(saveButton(canvasElement));
    // The profile did not change, so it is not sent again.
    await expect(args.onSave).toHaveBeenCalledOnce();
    await expect(args.onSave).toHaveBeenCalledWith({
      preferences: { notifications: { ...notifications, newsletterEmail: true }, darkMode: false, publicProfile: false },
    });
  },
};

export const Saving: Story = {
  name: 'Saving changes',
  args: { isSaving: true },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const name = c.getByLabelText('Full Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ada King');
    await userEvent.click(toggle(canvasElement, UPDATES));
    const button = saveButton(canvasElement);
    await expect(button).toBeDisabled();
    await expect(button).toHaveTextContent('Saving…');
    await userEvent.click(button);
    await expect(args.onSave).not.toHaveBeenCalled();
    // What the learner typed stays while the API answers.
    await expect(name).toHaveValue('Ada King');
    await expect(toggle(canvasElement, UPDATES)).toBeChecked();
  },
};

export const EmailNeedsPassword: Story = {
  name: 'New email needs your password',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const email = c.getByLabelText('Email');
    await expect(c.queryByLabelText('Current password')).not.toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, newEmail);
    const password = c.getByLabelText('Current password');
    await expect(password).toHaveAccessibleDescription(/The new address is used once you open the link we send to it/);
    await userEvent.click(saveButton(canvasElement));
    await expect(c.getByText(accountMessages.passwordForEmail)).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveFocus();
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

export const EmailChangeSent: Story = {
  name: 'New email sent with the password',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.clear(c.getByLabelText('Email'));
    await userEvent.type(c.getByLabelText('Email'), ` ${newEmail} `);
    await userEvent.type(c.getByLabelText('Current password'), 'Sturdy-pass-1');
    await userEvent.click(saveButton(canvasElement));
    await expect(args.onSave).toHaveBeenCalledWith({ profile: { username: sampleSettings.profile.username, email: newEmail, currentPassword: 'Sturdy-pass-1' } });
    // Back to the address in use: the new one is not the account's until its link is opened.
    await userEvent.clear(c.getByLabelText('Email'));
    await userEvent.type(c.getByLabelText('Email'), sampleSettings.profile.email.toUpperCase());
    await expect(c.queryByLabelText('Current password')).not.toBeInTheDocument();
  },
};

export const WrongPassword: Story = {
  name: 'Current password wrong',
  render: (args) => shell(<SaveRefused {...args} answer={{ message: accountMessages.wrongPassword, field: 'currentPassword' }} />),
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const email = c.getByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, newEmail);
    const password = c.getByLabelText('Current password');
    await userEvent.type(password, 'not-my-password');
    await userEvent.click(saveButton(canvasElement));
    await expect(args.onSave).toHaveBeenCalledOnce();
    // The API's message, at the field it is about, and what the learner typed stays.
    await expect(await c.findByText(accountMessages.wrongPassword)).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(password).toHaveFocus());
    await expect(email).toHaveValue(newEmail);
    await expect(email).not.toHaveAttribute('aria-invalid');
  },
};

export const EmailChangeWaiting: Story = {
  name: 'Email change waiting for its link',
  args: { settings: { status: 'ready', data: pendingEmailSettings } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const waiting = c.getByRole('region', { name: 'Email change waiting' });
    await expect(within(waiting).getByText(`Check ${newEmail} to confirm your new email address.`)).toBeVisible();
    await expect(within(waiting).getByText(`Until you open the link there, you sign in and get reset links at ${sampleSettings.profile.email}.`)).toBeVisible();
    // The field shows the address in use.
    await expect(c.getByLabelText('Email')).toHaveValue(sampleSettings.profile.email);
    await userEvent.click(within(waiting).getByRole('button', { name: 'Resend link' }));
    await expect(args.onResendEmail).toHaveBeenCalledOnce();
    await userEvent.click(within(waiting).getByRole('button', { name: 'Cancel change' }));
    await expect(args.onCancelEmailChange).toHaveBeenCalledOnce();
  },
};

export const EmailLinkResending: Story = {
  name: 'Email change link sending again',
  args: { settings: { status: 'ready', data: pendingEmailSettings }, emailResend: { status: 'pending' } },
  play: async ({ canvasElement }) => {
    const waiting = within(within(canvasElement).getByRole('region', { name: 'Email change waiting' }));
    await expect(waiting.getByRole('button', { name: /Sending/ })).toBeDisabled();
    await expect(waiting.getByRole('button', { name: 'Cancel change' })).toBeDisabled();
  },
};

export const EmailLinkResent: Story = {
  name: 'Email change link sent again',
  args: { settings: { status: 'ready', data: pendingEmailSettings }, emailResend: { status: 'success' } },
  play: async ({ canvasElement }) => {
    const waiting = within(within(canvasElement).getByRole('region', { name: 'Email change waiting' }));
    await expect(waiting.getByText(`A new link is on its way to ${newEmail}.`)).toBeVisible();
  },
};

export const EmailChangeNotCancelled: Story = {
  name: 'Email change could not be cancelled',
  args: { settings: { status: 'ready', data: pendingEmailSettings }, emailCancel: { status: 'error', message: messages.unreachable } },
  play: async ({ canvasElement }) => {
    const waiting = within(within(canvasElement).getByRole('region', { name: 'Email change waiting' }));
    await expect(waiting.getByText(messages.unreachable)).toBeVisible();
    await expect(waiting.getByRole('button', { name: 'Cancel change' })).toBeEnabled();
  },
};

export const SaveFailed: Story = {
  name: 'Could not save',
  args: { saveError: { message: messages.unreachable } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText(messages.unreachable)).toBeVisible();
    await expect(c.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    await expect(c.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
  },
};

export const WeeklyGoalPicked: Story = {
  name: 'Weekly goal changed',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const goal = c.getByLabelText(WEEKLY_GOAL_LABEL);
    // Shown as kept, with the domain's default said as such; reached from the field before it.
    await expect(goal).toHaveDisplayValue(weeklyGoalOption(midwayXp.weekly.goal));
    await expect(
      within(goal)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([1, 2, 3, 4, 5, 6, 7].map(weeklyGoalOption));
    await userEvent.click(c.getByLabelText('Email'));
    await userEvent.tab();
    await expect(goal).toHaveFocus();
    await userEvent.selectOptions(goal, weeklyGoalOption(5));
    await userEvent.click(saveButton(canvasElement));
    // Only the goal changed, so only the goal is sent.
    await expect(args.onSave).toHaveBeenCalledOnce();
    await expect(args.onSave).toHaveBeenCalledWith({ weeklyGoal: 5 });
    await expect(goal).toHaveDisplayValue(weeklyGoalOption(5));
  },
};

export const WeeklyGoalLoading: Story = {
  name: 'Weekly goal loading',
  args: { weeklyGoal: { status: 'loading' } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('status', { name: 'Loading your weekly goal' })).toBeInTheDocument();
    await expect(c.queryByLabelText(WEEKLY_GOAL_LABEL)).not.toBeInTheDocument();
    // The rest of the form works meanwhile, and saves nothing about the goal.
    await userEvent.click(toggle(canvasElement, NEWSLETTER));
    await userEvent.click(saveButton(canvasElement));
    await expect(args.onSave).toHaveBeenCalledOnce();
    await expect(args.onSave).toHaveBeenCalledWith({
      preferences: { notifications: { ...notifications, newsletterEmail: true }, darkMode: false, publicProfile: false },
    });
  },
};

export const WeeklyGoalLoadFailed: Story = {
  name: 'Weekly goal could not load',
  args: { weeklyGoal: { status: 'error', message: messages.unreachable, onRetry: fn() } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Your weekly goal could not be loaded.')).toBeVisible();
    await expect(c.getByText(messages.unreachable)).toBeVisible();
    await expect(c.queryByLabelText(WEEKLY_GOAL_LABEL)).not.toBeInTheDocument();
    await userEvent.click(c.getByRole('button', { name: 'Try again' }));
    if (args.weeklyGoal.status === 'error') await expect(args.weeklyGoal.onRetry).toHaveBeenCalledOnce();
    await expect(c.getByLabelText('Full Name')).toBeVisible();
  },
};

export const NameRequired: Story = {
  name: 'Full name missing',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const name = c.getByLabelText('Full Name');
    await userEvent.click(toggle(canvasElement, NEWSLETTER));
    await userEvent.clear(name);
    await userEvent.type(name, '   ');
    await userEvent.click(saveButton(canvasElement));
    await expect(c.getByText(profileMessages.fullNameRequired)).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveFocus();
    await expect(args.onSave).not.toHaveBeenCalled();
    await expect(toggle(canvasElement, NEWSLETTER)).toBeChecked();
  },
};

export const InvalidEmail: Story = {
  name: 'Email not valid',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const name = c.getByLabelText('Full Name');
    const email = c.getByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'ada@example');
    await userEvent.click(saveButton(canvasElement));
    await expect(c.getByText(profileMessages.invalidEmail)).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveFocus();
    await expect(name).not.toHaveAttribute('aria-invalid');
    await expect(args.onSave).not.toHaveBeenCalled();
    await expect(email).toHaveValue('ada@example');
  },
};

export const DarkModeToggle: Story = {
  name: 'Dark mode switched on',
  play: async ({ canvasElement, args }) => {
    const darkMode = toggle(canvasElement, 'Dark Mode');
    await userEvent.click(darkMode);
    // Applied at once, before any Save...
    await expect(args.onDarkModeChange).toHaveBeenCalledWith(true);
    await expect(darkMode).toBeChecked();
    await expect(document.documentElement).toHaveClass('dark');
    await expect(args.onSave).not.toHaveBeenCalled();
    // ...and kept for the account with the other preferences.
    await userEvent.click(saveButton(canvasElement));
    await expect(args.onSave).toHaveBeenCalledWith({ preferences: { ...sampleSettings.preferences, darkMode: true } });
  },
};

// ---------------------------------------------------------------------------------------------
// Change Password
// ---------------------------------------------------------------------------------------------

async function openChangePassword(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Change Password' }));
  const element = await screen.findByRole('dialog', { name: 'Change your password' });
  // The dialog moves focus into itself a frame or more after it opens: typing before that loses keys.
  await waitFor(() => expect(element).toContainElement(document.activeElement as HTMLElement));
  const dialog = within(element);
  return {
    dialog,
    current: dialog.getByLabelText('Current password'),
    next: dialog.getByLabelText('New password'),
    confirm: dialog.getByLabelText('Confirm new password'),
    submit: dialog.getByRole('button', { name: /Change Password|Changing/ }),
  };
}

export const ChangePasswordDialog: Story = {
  parameters: { screenshot: { phone: true } },
  name: 'Change password dialog',
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Change Password' });
    let form = await openChangePassword(canvasElement);
    await waitFor(() => expect(form.current).toHaveFocus());
    await userEvent.type(form.current, 'old-secret');
    await userEvent.click(form.dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change your password' })).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(args.onChangePassword).not.toHaveBeenCalled();

    // Opened again, it starts empty; empty fields are named before anything is sent.
    form = await openChangePassword(canvasElement);
    await expect(form.current).toHaveValue('');
    await userEvent.click(form.submit);
    await expect(form.dialog.getByText(changePasswordMessages.required)).toBeVisible();
    for (const field of [form.current, form.next, form.confirm]) await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onChangePassword).not.toHaveBeenCalled();

    await userEvent.type(form.current, 'old-secret');
    await userEvent.type(form.next, 'new-secret-1');
    await userEvent.type(form.confirm, 'new-secret-1');
    await userEvent.click(form.submit);
    await expect(args.onChangePassword).toHaveBeenCalledOnce();
    await expect(args.onChangePassword).toHaveBeenCalledWith({ currentPassword: 'old-secret', newPassword: 'new-secret-1' });
    // The dialog's form is its own: submitting it saves no settings.
    await expect(args.onSave).not.toHaveBeenCalled();
    await expect(form.dialog.queryByText(changePasswordMessages.required)).not.toBeInTheDocument();
  },
};

export const PasswordsDoNotMatch: Story = {
  name: 'New passwords do not match',
  play: async ({ canvasElement, args }) => {
    const form = await openChangePassword(canvasElement);
    await userEvent.type(form.current, 'old-secret');
    await userEvent.type(form.next, 'new-secret-1');
    await userEvent.type(form.confirm, 'new-secret-2');
    await userEvent.click(form.submit);
    await expect(form.dialog.getByText(changePasswordMessages.mismatch)).toBeVisible();
    await expect(form.confirm).toHaveAttribute('aria-invalid', 'true');
    await expect(form.confirm).toHaveFocus();
    await expect(form.next).not.toHaveAttribute('aria-invalid');
    await expect(args.onChangePassword).not.toHaveBeenCalled();
  },
};

export const WrongCurrentPassword: Story = {
  name: 'Wrong current password',
  args: { passwordChange: { status: 'error', message: accountMessages.wrongPassword } },
  play: async ({ canvasElement, args }) => {
    const form = await openChangePassword(canvasElement);
    // An earlier answer is not shown in a dialog that has not asked yet.
    await expect(form.dialog.queryByText(accountMessages.wrongPassword)).not.toBeInTheDocument();
    await userEvent.type(form.current, 'not-my-password');
    await userEvent.type(form.next, 'new-secret-1');
    await userEvent.type(form.confirm, 'new-secret-1');
    await userEvent.click(form.submit);
    await expect(args.onChangePassword).toHaveBeenCalledOnce();
    await expect(form.dialog.getByText(accountMessages.wrongPassword)).toBeVisible();
    await expect(form.current).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(form.current).toHaveFocus());
    await expect(form.next).toHaveValue('new-secret-1');
  },
};

export const ChangingPassword: Story = {
  name: 'Changing password',
  args: { passwordChange: { status: 'pending' } },
  play: async ({ canvasElement, args }) => {
    const form = await openChangePassword(canvasElement);
    await userEvent.type(form.current, 'old-secret');
    await userEvent.type(form.next, 'new-secret-1');
    await userEvent.type(form.confirm, 'new-secret-1');
    await expect(form.submit).toBeDisabled();
    await expect(form.submit).toHaveTextContent('Changing…');
    await expect(form.dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(screen.getByRole('dialog', { name: 'Change your password' })).toBeVisible();
    await expect(args.onChangePassword).not.toHaveBeenCalled();
  },
};

// ---------------------------------------------------------------------------------------------
// Delete Account
// ---------------------------------------------------------------------------------------------

async function openDeleteAccount(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete Account' }));
  const element = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
  // The dialog moves focus to Cancel a frame or more after it opens: typing before that loses keys.
  await waitFor(() => expect(element).toContainElement(document.activeElement as HTMLElement));
  const dialog = within(element);
  return {
    dialog,
    password: dialog.getByLabelText('Password'),
    cancel: dialog.getByRole('button', { name: 'Cancel' }),
    submit: dialog.getByRole('button', { name: /Delete account|Deleting/ }),
  };
}

export const DeleteAccountDialog: Story = {
  parameters: { screenshot: { phone: true } },
  name: 'Delete account dialog',
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Delete Account' });
    let form = await openDeleteAccount(canvasElement);
    await expect(form.dialog.getByText(DELETE_ACCOUNT_WARNING)).toBeVisible();
    // The safe choice has focus first.
    await waitFor(() => expect(form.cancel).toHaveFocus());
    await userEvent.click(form.cancel);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(args.onDeleteAccount).not.toHaveBeenCalled();

    form = await openDeleteAccount(canvasElement);
    await userEvent.type(form.password, 'correct-horse');
    await userEvent.click(form.submit);
    await expect(args.onDeleteAccount).toHaveBeenCalledOnce();
    await expect(args.onDeleteAccount).toHaveBeenCalledWith({ password: 'correct-horse' });
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

export const DeletePasswordMissing: Story = {
  name: 'Delete without a password',
  play: async ({ canvasElement, args }) => {
    const form = await openDeleteAccount(canvasElement);
    await userEvent.click(form.submit);
    await expect(form.dialog.getByText(DELETE_PASSWORD_REQUIRED)).toBeVisible();
    await expect(form.password).toHaveAttribute('aria-invalid', 'true');
    await expect(form.password).toHaveFocus();
    await expect(args.onDeleteAccount).not.toHaveBeenCalled();
  },
};

export const DeleteWrongPassword: Story = {
  name: 'Wrong password when deleting',
  args: { accountDeletion: { status: 'error', message: accountMessages.wrongPassword } },
  play: async ({ canvasElement, args }) => {
    const form = await openDeleteAccount(canvasElement);
    await expect(form.dialog.queryByText(accountMessages.wrongPassword)).not.toBeInTheDocument();
    await userEvent.type(form.password, 'not-my-password');
    await userEvent.click(form.submit);
    await expect(args.onDeleteAccount).toHaveBeenCalledOnce();
    await expect(form.dialog.getByText(accountMessages.wrongPassword)).toBeVisible();
    await expect(form.password).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(form.password).toHaveFocus());
  },
};

export const Deleting: Story = {
  name: 'Deleting account',
  args: { accountDeletion: { status: 'pending' } },
  play: async ({ canvasElement, args }) => {
    const form = await openDeleteAccount(canvasElement);
    await userEvent.type(form.password, 'correct-horse');
    await expect(form.submit).toBeDisabled();
    await expect(form.submit).toHaveTextContent('Deleting…');
    await expect(form.cancel).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(screen.getByRole('alertdialog')).toBeVisible();
    await expect(args.onDeleteAccount).not.toHaveBeenCalled();
  },
};

// ---------------------------------------------------------------------------------------------
// Loading and failure
// ---------------------------------------------------------------------------------------------

const noPassword = { status: 'ready', data: noPasswordSettings } as const;
const passwordRow = (canvasElement: HTMLElement) => within(canvasElement).getByText(NO_PASSWORD_YET).closest('div')?.parentElement as HTMLElement;

export const NoPasswordYet: Story = {
  name: 'No password yet',
  args: { settings: noPassword },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(NO_PASSWORD_YET)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Change Password' })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Email me a link' }));
    await expect(args.onSendPasswordLink).toHaveBeenCalledOnce();
  },
};

export const PasswordLinkSending: Story = {
  name: 'Password link sending',
  args: { settings: noPassword, passwordLink: { status: 'pending' } },
  play: async ({ canvasElement }) => {
    await expect(within(passwordRow(canvasElement)).getByRole('button', { name: /Sending/ })).toBeDisabled();
  },
};

export const PasswordLinkSent: Story = {
  name: 'Password link sent',
  args: { settings: noPassword, passwordLink: { status: 'success' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(accountMessages.passwordLinkSent(noPasswordSettings.profile.email))).toBeVisible();
  },
};

export const PasswordLinkFailed: Story = {
  name: 'Password link failed',
  args: { settings: noPassword, passwordLink: { status: 'error', message: messages.unreachable } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(messages.unreachable)).toBeVisible();
    await expect(within(canvasElement).getByRole('button', { name: 'Email me a link' })).toBeEnabled();
  },
};

export const EmailChangeWithoutPassword: Story = {
  name: 'Email change without a password',
  args: { settings: noPassword },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const email = canvas.getByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, newEmail);
    await expect(canvas.getByText(EMAIL_NEEDS_PASSWORD)).toBeVisible();
    await expect(canvas.queryByLabelText('Current password')).not.toBeInTheDocument();
    await userEvent.click(saveButton(canvasElement));
    await expect(canvas.getByText(accountMessages.noPassword)).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

export const DeleteWithoutPassword: Story = {
  name: 'Delete account dialog without a password',
  args: { settings: noPassword },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete Account' }));
    const element = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await waitFor(() => expect(element).toContainElement(document.activeElement as HTMLElement));
    const dialog = within(element);
    await expect(dialog.getByText(DELETE_NEEDS_PASSWORD)).toBeVisible();
    await expect(dialog.queryByLabelText('Password')).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Email me a link' }));
    await expect(args.onSendPasswordLink).toHaveBeenCalledOnce();
    await expect(args.onDeleteAccount).not.toHaveBeenCalled();
  },
};

export const Loading: Story = {
  parameters: { screenshot: { phone: true } },
  args: { settings: { status: 'loading' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading settings' })).toBeInTheDocument();
    await expect(within(canvasElement).queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  name: 'Settings could not load',
  args: { settings: { status: 'error', message: messages.unreachable, onRetry: fn() } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText(messages.unreachable)).toBeVisible();
    await expect(c.queryByLabelText('Full Name')).not.toBeInTheDocument();
    await userEvent.click(c.getByRole('button', { name: 'Try again' }));
    if (args.settings.status === 'error') await expect(args.settings.onRetry).toHaveBeenCalledOnce();
  },
};

// ---------------------------------------------------------------------------------------------
// Notifications: what is sent, when, and what this server or browser cannot do
// ---------------------------------------------------------------------------------------------

export const RemindersPaused: Story = {
  name: 'Streak reminders paused themselves',
  args: { settings: { status: 'ready', data: pausedRemindersSettings }, push: { device: 'on' } },
  play: async ({ canvasElement, args }) => {
    const streak = kind(canvasElement, 'Streak at risk');
    await expect(
      streak.getByText(/^Streak reminders paused themselves on Monday 16 March, 19:30 GMT, after two weeks of them went unanswered\. Turn one on again/),
    ).toBeVisible();
    // Nothing claims they are on while paused; no next time is given.
    await expect(toggle(canvasElement, STREAK_EMAIL)).not.toBeChecked();
    await expect(toggle(canvasElement, STREAK_PUSH)).not.toBeChecked();
    await expect(streak.queryByText(/^Next one:/)).not.toBeInTheDocument();
    // Turning the email one on again and saving sends it on: the server resumes them.
    await userEvent.click(toggle(canvasElement, STREAK_EMAIL));
    await userEvent.click(saveButton(canvasElement));
    await expect(args.onSave).toHaveBeenCalledWith({
      preferences: { notifications: { ...notifications, streakEmail: true, streakPush: false }, darkMode: false, publicProfile: false },
    });
  },
};

export const NothingSetUp: Story = {
  name: 'Email and push not set up on this server',
  args: { settings: { status: 'ready', data: nothingSetUpSettings } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByText(NOTIFICATION_TEXTS.emailNotSetUp)).toBeVisible();
    for (const name of [STREAK_EMAIL, DIGEST, UPDATES, NEWSLETTER]) {
      await expect(toggle(canvasElement, name)).toBeDisabled();
      await expect(toggle(canvasElement, name)).not.toBeChecked();
    }
    await expect(toggle(canvasElement, STREAK_PUSH)).toBeDisabled();
    await expect(toggle(canvasElement, STREAK_PUSH)).toHaveAccessibleDescription(NOTIFICATION_TEXTS.pushNotSetUp);
    await expect(c.queryByText(/^Next one:/)).not.toBeInTheDocument();
    // Saving something else keeps the learner's choices for when the server can send.
    await userEvent.click(toggle(canvasElement, 'Public Profile'));
    await userEvent.click(saveButton(canvasElement));
    await expect(args.onSave).toHaveBeenCalledWith({ preferences: { notifications, darkMode: false, publicProfile: true } });
    await expect(args.onPushChange).not.toHaveBeenCalled();
  },
};

export const PushTurnedOnHere: Story = {
  name: 'Push on for this browser',
  args: { push: { device: 'on' } },
  play: async ({ canvasElement, args }) => {
    const push = toggle(canvasElement, STREAK_PUSH);
    await expect(push).toBeChecked();
    await expect(push).toHaveAccessibleDescription(pushDevicesText(1, true));
    // Push acts at once, not through Save Changes.
    await userEvent.click(push);
    await expect(args.onPushChange).toHaveBeenCalledWith(false);
    await userEvent.click(saveButton(canvasElement));
    await expect(args.onSave).toHaveBeenCalledWith({});
  },
};

export const PushAsking: Story = {
  name: 'Push being set up on this browser',
  args: { push: { device: 'off', busy: true } },
  play: async ({ canvasElement }) => {
    const push = toggle(canvasElement, STREAK_PUSH);
    await expect(push).toBeDisabled();
    await expect(push).not.toBeChecked();
    await expect(push).toHaveAccessibleDescription(NOTIFICATION_TEXTS.pushWorking);
  },
};

export const PushOffAsks: Story = {
  name: 'Push switched on by the learner',
  play: async ({ canvasElement, args }) => {
    await userEvent.click(toggle(canvasElement, STREAK_PUSH));
    // The container asks the browser now, after the click; the switch waits for its answer.
    await expect(args.onPushChange).toHaveBeenCalledWith(true);
    await waitFor(() => expect(toggle(canvasElement, STREAK_PUSH)).not.toBeChecked());
  },
};

export const PushBlocked: Story = {
  name: 'Notifications blocked in this browser',
  args: { push: { device: 'denied' } },
  play: async ({ canvasElement }) => {
    const push = toggle(canvasElement, STREAK_PUSH);
    await expect(push).not.toBeChecked();
    await expect(push).toBeEnabled();
    await expect(within(canvasElement).getByText(NOTIFICATION_TEXTS.pushDenied)).toBeVisible();
  },
};

export const PushUnsupported: Story = {
  name: 'This browser cannot get push',
  args: { push: { device: 'unsupported' } },
  play: async ({ canvasElement }) => {
    const push = toggle(canvasElement, STREAK_PUSH);
    await expect(push).toBeDisabled();
    await expect(push).toHaveAccessibleDescription(NOTIFICATION_TEXTS.pushUnsupported);
  },
};

export const PushFailed: Story = {
  name: 'Push could not be turned on',
  args: { push: { device: 'off', message: messages.unreachable } },
  play: async ({ canvasElement }) => {
    const push = toggle(canvasElement, STREAK_PUSH);
    await expect(push).not.toBeChecked();
    await expect(push).toBeEnabled();
    await expect(push).toHaveAccessibleDescription(messages.unreachable);
  },
};

export const SummerTime: Story = {
  name: 'Next reminder in summer time',
  args: {
    settings: {
      status: 'ready',
      data: {
        ...sampleSettings,
        reminders: { ...sampleSettings.reminders, nextStreakReminderAt: '2026-03-29T18:30:00.000Z', nextDigestAt: '2026-03-30T07:00:00.000Z' },
      },
    },
  },
  play: async ({ canvasElement }) => {
    // The clocks went forward on 29 March: the same evening hour is an hour earlier in UTC.
    await expect(kind(canvasElement, 'Streak at risk').getByText('Next one: Sunday 29 March, 19:30 BST.')).toBeVisible();
    await expect(kind(canvasElement, 'Weekly digest').getByText('Next one: Monday 30 March, 08:00 BST.')).toBeVisible();
  },
};
