import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { AppShell } from '../../components/AppShell/AppShell';
import { profileMessages } from '../../domain/learning';
import { sampleUser, settingsData } from '../../fixtures';
import { applyColorMode } from '../../theme/colorMode';
import { DELETE_ACCOUNT_WARNING, SettingsScreen, type SettingsScreenProps } from './SettingsScreen';

/** Holds Dark Mode like the route and preferences store do, and applies it to the page at once. */
function WithColorMode(args: SettingsScreenProps) {
  const [darkMode, setDarkMode] = useState(args.darkMode);
  return (
    <SettingsScreen
      {...args}
      darkMode={darkMode}
      onDarkModeChange={(on) => {
        args.onDarkModeChange(on);
        setDarkMode(on);
        applyColorMode(on ? 'dark' : 'light');
      }}
    />
  );
}

const meta = {
  title: 'Screens/Settings',
  component: SettingsScreen,
  parameters: { layout: 'fullscreen', route: '/app/settings' },
  args: {
    settings: { status: 'ready', data: settingsData },
    darkMode: false,
    onDarkModeChange: fn(),
    onSave: fn(),
    onDeleteAccount: fn(),
    isSaving: false,
  },
  render: (args) => (
    <AppShell user={sampleUser} collapsed={false} onToggleCollapsed={fn()} onSignOut={fn()}>
      <WithColorMode {...args} />
    </AppShell>
  ),
} satisfies Meta<typeof SettingsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const toggle = (canvasElement: HTMLElement, name: string) => within(canvasElement).getByRole('checkbox', { name });

export const Defaults: Story = {
  name: 'Saved settings',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    for (const name of ['Profile Settings', 'Notifications', 'Appearance', 'Privacy & Security']) {
      await expect(c.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expect(c.getByLabelText('Full Name')).toHaveValue('Ada Lovelace');
    await expect(c.getByLabelText('Email')).toHaveValue('ada@example.com');
    await expect(toggle(canvasElement, 'Email notifications')).toBeChecked();
    await expect(toggle(canvasElement, 'Push notifications')).toBeChecked();
    await expect(toggle(canvasElement, 'Product updates')).not.toBeChecked();
    await expect(toggle(canvasElement, 'Newsletter')).toBeChecked();
    await expect(toggle(canvasElement, 'Dark Mode')).not.toBeChecked();
    await expect(toggle(canvasElement, 'Public Profile')).not.toBeChecked();
    await expect(c.getByRole('button', { name: 'Delete Account' })).toBeVisible();
    await expect(c.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  },
};

export const Edited: Story = {
  name: 'Changes saved',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const name = c.getByLabelText('Full Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ada King');
    await userEvent.click(toggle(canvasElement, 'Product updates'));
    await userEvent.click(toggle(canvasElement, 'Public Profile'));
    await expect(toggle(canvasElement, 'Product updates')).toBeChecked();
    await userEvent.click(c.getByRole('button', { name: 'Save Changes' }));
    await expect(args.onSave).toHaveBeenCalledOnce();
    await expect(args.onSave).toHaveBeenCalledWith({
      profile: { fullName: 'Ada King', email: 'ada@example.com' },
      notifications: { email: true, push: true, updates: true, newsletter: true },
      publicProfile: true,
    });
    await expect(args.onDarkModeChange).not.toHaveBeenCalled();
  },
};

export const Invalid: Story = {
  name: 'Invalid name and email',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const name = c.getByLabelText('Full Name');
    const email = c.getByLabelText('Email');
    const save = c.getByRole('button', { name: 'Save Changes' });
    await userEvent.click(toggle(canvasElement, 'Newsletter'));
    await userEvent.clear(name);
    await userEvent.click(save);
    await expect(c.getByText(profileMessages.fullNameRequired)).toBeVisible();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveFocus();
    await expect(args.onSave).not.toHaveBeenCalled();

    await userEvent.type(name, 'Ada');
    await expect(c.queryByText(profileMessages.fullNameRequired)).not.toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'ada@example');
    await userEvent.click(save);
    await expect(c.getByText(profileMessages.invalidEmail)).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveFocus();
    await expect(name).not.toHaveAttribute('aria-invalid');
    await expect(args.onSave).not.toHaveBeenCalled();
    // Nothing typed is lost.
    await expect(name).toHaveValue('Ada');
    await expect(email).toHaveValue('ada@example');
    await expect(toggle(canvasElement, 'Newsletter')).not.toBeChecked();
  },
};

export const DeleteAccountDialog: Story = {
  name: 'Delete account dialog',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    const trigger = c.getByRole('button', { name: 'Delete Account' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    await expect(within(dialog).getByText(DELETE_ACCOUNT_WARNING)).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Delete account' })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(args.onDeleteAccount).not.toHaveBeenCalled();
    await waitFor(() => expect(trigger).toHaveFocus());

    // Confirming hands over to the container and closes the dialog.
    await userEvent.click(trigger);
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete account' }));
    await expect(args.onDeleteAccount).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    // Open again for the screenshot.
    await userEvent.click(trigger);
    await screen.findByRole('alertdialog');
  },
};

export const DarkModeToggle: Story = {
  name: 'Dark mode switched on',
  play: async ({ canvasElement, args }) => {
    const darkMode = toggle(canvasElement, 'Dark Mode');
    await userEvent.click(darkMode);
    await expect(args.onDarkModeChange).toHaveBeenCalledWith(true);
    await expect(darkMode).toBeChecked();
    await expect(document.documentElement).toHaveClass('dark');
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { settings: { status: 'loading' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading settings' })).toBeInTheDocument();
  },
};

