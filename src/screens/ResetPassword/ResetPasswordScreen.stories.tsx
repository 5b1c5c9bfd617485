import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { expectFormMessage, expectInvalidField } from '../../components/AuthLayout/authStoryHelpers';
import { ResetPasswordScreen, type ResetPasswordScreenProps } from './ResetPasswordScreen';

const meta = {
  title: 'Screens/ResetPassword',
  component: ResetPasswordScreen,
  parameters: { layout: 'fullscreen', route: '/resetPassword?token=abc123' },
  args: { token: 'abc123', status: 'idle', onSubmit: fn() },
} satisfies Meta<typeof ResetPasswordScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const fields = (canvasElement: HTMLElement) => {
  const c = within(canvasElement);
  return {
    c,
    password: c.getByLabelText('New password'),
    confirm: c.getByLabelText('Confirm password'),
    submit: c.getByRole('button', { name: 'Reset Password' }),
  };
};

export const MissingToken: Story = {
  name: 'Link without a token',
  args: { token: null },
  parameters: { route: '/resetPassword' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('This reset link is invalid or has expired.')).toBeVisible();
    await expect(c.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgotPassword');
    await expect(c.queryByLabelText('New password')).not.toBeInTheDocument();
  },
};

export const Idle: Story = {
  parameters: { screenshot: { phone: true } },
  name: 'Empty form',
  play: async ({ canvasElement }) => {
    const { c, password, confirm } = fields(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await expect(password).toBeRequired();
    await expect(confirm).toBeRequired();
    await expect(password).toHaveAccessibleDescription('At least 6 characters.');
    // Each field has its own toggle.
    await expect(c.getAllByRole('button', { name: 'Show password' })).toHaveLength(2);
  },
};

export const AllFieldsRequired: Story = {
  play: async ({ canvasElement, args }) => {
    const { password, confirm, submit } = fields(canvasElement);
    await userEvent.type(password, 'secret1');
    await userEvent.click(submit);
    await expectFormMessage(canvasElement, 'All fields are required!');
    await expectInvalidField(confirm, 'All fields are required!');
    await expect(password).not.toHaveAttribute('aria-invalid');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const ShortPassword: Story = {
  play: async ({ canvasElement, args }) => {
    const { password, confirm, submit } = fields(canvasElement);
    await userEvent.type(password, '12345');
    await userEvent.type(confirm, '12345');
    await userEvent.click(submit);
    await expectFormMessage(canvasElement, 'Password must be at least 6 characters!');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription('Password must be at least 6 characters! At least 6 characters.');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const Mismatch: Story = {
  name: 'Passwords do not match',
  play: async ({ canvasElement, args }) => {
    const { password, confirm, submit } = fields(canvasElement);
    await userEvent.type(password, 'secret1');
    await userEvent.type(confirm, 'secret2');
    await userEvent.click(submit);
    await expectFormMessage(canvasElement, 'Passwords do not match.');
    await expectInvalidField(confirm, 'Passwords do not match.');
    await expect(password).not.toHaveAttribute('aria-invalid');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const ValidSubmit: Story = {
  name: 'Valid password sent',
  play: async ({ canvasElement, args }) => {
    const { password, confirm, submit } = fields(canvasElement);
    await userEvent.type(password, 'new-secret');
    await userEvent.type(confirm, 'new-secret');
    await userEvent.click(submit);
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(args.onSubmit).toHaveBeenCalledWith({ password: 'new-secret' });
    await expect(screen.queryByRole('status')).not.toBeInTheDocument();
  },
};

export const Submitting: Story = {
  name: 'Saving the password',
  args: { status: 'submitting' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Saving…' })).toBeDisabled();
  },
};

export const Done: Story = {
  parameters: { screenshot: { phone: true } },
  name: 'Password changed',
  args: { status: 'done' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByText('Your password has been reset.')).toBeVisible();
    await expect(c.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  },
};

/** The container's flow: a valid submit turns into "done", and focus lands on the new heading. */
function SubmitFlow(props: ResetPasswordScreenProps) {
  const [status, setStatus] = useState<ResetPasswordScreenProps['status']>('idle');
  return (
    <ResetPasswordScreen
      {...props}
      status={status}
      onSubmit={(values) => {
        props.onSubmit(values);
        setStatus('done');
      }}
    />
  );
}

export const SubmitThenDone: Story = {
  name: 'Send, then password changed',
  render: (args) => <SubmitFlow {...args} />,
  play: async ({ canvasElement }) => {
    const { c, password, confirm, submit } = fields(canvasElement);
    await userEvent.type(password, 'new-secret');
    await userEvent.type(confirm, 'new-secret');
    await userEvent.click(submit);
    await expect(await c.findByRole('heading', { level: 1, name: 'Password updated' })).toHaveFocus();
  },
};
