import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { expectFormMessage, expectInvalidField } from '../../components/AuthLayout/authStoryHelpers';
import { ForgotPasswordScreen, type ForgotPasswordScreenProps } from './ForgotPasswordScreen';

const meta = {
  title: 'Screens/ForgotPassword',
  component: ForgotPasswordScreen,
  parameters: { layout: 'fullscreen', route: '/forgotPassword' },
  args: { status: 'idle', onSubmit: fn() },
} satisfies Meta<typeof ForgotPasswordScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  parameters: { screenshot: { phone: true } },
  name: 'Empty form',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    const email = c.getByLabelText('Email');
    await expect(email).toBeRequired();
    await expect(email).toHaveAttribute('type', 'email');
    await expect(c.getByRole('button', { name: 'Send Reset Link' })).toBeEnabled();
    await expect(c.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/login');
  },
};

export const Submitting: Story = {
  name: 'Sending the link',
  args: { status: 'submitting' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Sending…' })).toBeDisabled();
  },
};

export const Sent: Story = {
  parameters: { screenshot: { phone: true } },
  name: 'Reset link sent',
  args: { status: 'sent' },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    await expect(c.getByText('If an account exists for that email, a reset link is on its way.')).toBeVisible();
    for (const link of c.getAllByRole('link', { name: 'Back to Sign In' })) await expect(link).toHaveAttribute('href', '/login');
    await expect(c.queryByLabelText('Email')).not.toBeInTheDocument();
  },
};

export const Empty: Story = {
  name: 'Empty (Enter your email address.)',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByLabelText('Email'), '   ');
    await userEvent.click(c.getByRole('button', { name: 'Send Reset Link' }));
    await expectFormMessage(canvasElement, 'Enter your email address.');
    await expectInvalidField(c.getByLabelText('Email'), 'Enter your email address.');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const InvalidEmail: Story = {
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByLabelText('Email'), 'ada@example');
    await userEvent.click(c.getByRole('button', { name: 'Send Reset Link' }));
    await expectFormMessage(canvasElement, 'Invalid email address!');
    await expectInvalidField(c.getByLabelText('Email'), 'Invalid email address!');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const ValidSubmit: Story = {
  name: 'Valid email sent',
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByLabelText('Email'), ' ada@example.com {Enter}');
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(args.onSubmit).toHaveBeenCalledWith({ email: 'ada@example.com' });
    await expect(screen.queryByRole('status')).not.toBeInTheDocument();
  },
};

/** The container's flow: a valid submit turns into "sent", and focus lands on the new heading. */
function SubmitFlow(props: ForgotPasswordScreenProps) {
  const [status, setStatus] = useState<ForgotPasswordScreenProps['status']>('idle');
  return (
    <ForgotPasswordScreen
      {...props}
      status={status}
      onSubmit={(values) => {
        props.onSubmit(values);
        setStatus('sent');
      }}
    />
  );
}

export const SubmitThenSent: Story = {
  name: 'Send, then link sent',
  render: (args) => <SubmitFlow {...args} />,
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.type(c.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(c.getByRole('button', { name: 'Send Reset Link' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ email: 'ada@example.com' });
    const heading = await c.findByRole('heading', { level: 1, name: 'Check your email' });
    await expect(heading).toHaveFocus();
  },
};
