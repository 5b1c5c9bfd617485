import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Button, ChakraProvider, Field, Input } from '@chakra-ui/react';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { appSystem } from '../../theme/app';
import { ActionDialog } from './ActionDialog';

const meta = {
  title: 'Components/ActionDialog',
  component: ActionDialog,
  // Dialogs are an app-area recipe (src/theme/app.ts), as on the screens that use this one.
  decorators: [
    (Story) => (
      <ChakraProvider value={appSystem}>
        <Box p="8" bg="page" minH="100dvh">
          <Story />
        </Box>
      </ChakraProvider>
    ),
  ],
  args: {
    trigger: <Button variant="outline">Reset progress</Button>,
    title: 'Reset your progress on Frontend Development?',
    description: 'Every start, tick and submission you made on this path is deleted. This cannot be undone.',
    destructive: true,
    open: true,
    onOpenChange: fn(),
    pending: false,
    confirmLabel: 'Reset progress',
    pendingLabel: 'Resetting…',
    onConfirm: fn(),
  },
} satisfies Meta<typeof ActionDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A destructive confirmation: an alert dialog with Cancel focused first, so Enter never destroys by accident. */
export const DestructiveConfirmation: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog', { name: args.title as string });
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset progress' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
  },
};

/** Waiting for the API: the confirm button says so, and nothing closes the dialog. */
export const Pending: Story = {
  args: { pending: true },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).not.toHaveBeenCalled();
    await expect(dialog).toBeVisible();
  },
};

/** With a field: a form that Enter submits, and the API's refusal read out in the dialog. */
export const FormWithMessage: Story = {
  args: {
    destructive: false,
    title: 'Change your password',
    description: 'Your other devices are signed out; this one stays signed in.',
    formLabel: 'Change your password',
    confirmLabel: 'Change Password',
    pendingLabel: 'Changing…',
    message: 'That is not your current password.',
    children: (
      <Field.Root required invalid>
        <Field.Label>Current password</Field.Label>
        <Input type="password" name="currentPassword" defaultValue="not-it" />
      </Field.Root>
    ),
  },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Change your password' });
    await expect(within(dialog).getByRole('alert')).toHaveTextContent('That is not your current password.');
    await userEvent.type(within(dialog).getByLabelText(/Current password/), '{Enter}');
    await expect(args.onConfirm).toHaveBeenCalledOnce();
  },
};
