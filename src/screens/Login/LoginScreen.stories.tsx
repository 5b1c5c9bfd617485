import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { expectFormMessage, expectInvalidField } from '../../components/AuthLayout/authStoryHelpers';
import { providerLinksOff, providerLinksOn } from '../../fixtures';
import { oauthErrorMessage, oauthMessages } from '../../domain/oauth';
import { providerUnavailable } from '../../components/AuthLayout/ProviderButtons';
import { LoginScreen } from './LoginScreen';

const meta = {
  title: 'Screens/Login',
  component: LoginScreen,
  parameters: { layout: 'fullscreen', route: '/login' },
  args: { isSubmitting: false, onSubmit: fn(), providers: providerLinksOn },
} satisfies Meta<typeof LoginScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const fields = (canvasElement: HTMLElement) => {
  const c = within(canvasElement);
  return {
    c,
    email: c.getByLabelText('Email'),
    password: c.getByLabelText('Password'),
    signIn: c.getByRole('button', { name: 'Sign In' }),
  };
};

export const Empty: Story = {
  parameters: { screenshot: { phone: true } },
  name: 'Empty form',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    await expect(c.getByLabelText('Email')).toHaveValue('');
    await expect(c.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await expect(c.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/forgotPassword');
    await expect(c.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    await expect(c.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute('href', providerLinksOn.google);
    await expect(c.getByRole('link', { name: 'Continue with GitHub' })).toHaveAttribute('href', providerLinksOn.github);
    // The logo leads home (on a phone it sits above the card; on desktop in the brand panel).
    await expect(c.getByRole('link', { name: 'PathForge home' })).toHaveAttribute('href', '/');
  },
};

export const Submitting: Story = {
  name: 'Signing in',
  args: { isSubmitting: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Signing in…' })).toBeDisabled();
    await expect(c.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
    await expect(c.getByRole('button', { name: 'Continue with GitHub' })).toBeDisabled();
  },
};

export const PrefilledEmail: Story = {
  name: 'Email filled in after registering',
  args: { defaultEmail: 'ada@example.com' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Email')).toHaveValue('ada@example.com');
  },
};

export const AllFieldsRequired: Story = {
  play: async ({ canvasElement, args }) => {
    const { email, password, signIn } = fields(canvasElement);
    await userEvent.click(signIn);
    await expectFormMessage(canvasElement, 'All fields are required!');
    await expectInvalidField(email, 'All fields are required!');
    await expectInvalidField(password, 'All fields are required!');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const AllFieldsRequiredWhitespace: Story = {
  name: 'All Fields Required (white space only)',
  play: async ({ canvasElement, args }) => {
    const { email, password } = fields(canvasElement);
    await userEvent.type(email, '   ');
    await userEvent.type(password, '      ');
    // Enter in a field submits like the button does.
    await userEvent.type(password, '{Enter}');
    await expectFormMessage(canvasElement, 'All fields are required!');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const InvalidEmail: Story = {
  play: async ({ canvasElement, args }) => {
    const { email, password, signIn } = fields(canvasElement);
    await userEvent.type(email, 'ada@example');
    await userEvent.type(password, 'secret1');
    await userEvent.click(signIn);
    await expectFormMessage(canvasElement, 'Invalid email address!');
    await expectInvalidField(email, 'Invalid email address!');
    await expect(password).not.toHaveAttribute('aria-invalid');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const ShortPassword: Story = {
  play: async ({ canvasElement, args }) => {
    const { email, password, signIn } = fields(canvasElement);
    await userEvent.type(email, 'ada@example.com');
    await userEvent.type(password, '12345');
    await userEvent.click(signIn);
    await expectFormMessage(canvasElement, 'Password must be at least 6 characters!');
    await expectInvalidField(password, 'Password must be at least 6 characters!');
    await expect(email).not.toHaveAttribute('aria-invalid');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const ValidSubmit: Story = {
  name: 'Valid details sent',
  play: async ({ canvasElement, args }) => {
    const { email, password, signIn } = fields(canvasElement);
    await userEvent.type(email, '  ada@example.com ');
    await userEvent.type(password, '123456');
    await userEvent.click(signIn);
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(args.onSubmit).toHaveBeenCalledWith({ email: 'ada@example.com', password: '123456' });
    await expect(screen.queryByRole('status')).not.toBeInTheDocument();
  },
};

export const PasswordToggle: Story = {
  name: 'Password shown and hidden',
  play: async ({ canvasElement }) => {
    const { c, password } = fields(canvasElement);
    await userEvent.type(password, 'secret1');
    const toggle = c.getByRole('button', { name: 'Show password' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(toggle);
    await expect(password).toHaveAttribute('type', 'text');
    await expect(toggle).toHaveAccessibleName('Hide password');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle).toHaveFocus();

    await userEvent.click(toggle);
    await expect(password).toHaveAttribute('type', 'password');
    await expect(toggle).toHaveAccessibleName('Show password');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');

    // Shown again for the screenshot: the typed password is readable.
    await userEvent.click(toggle);
    await expect(password).toHaveValue('secret1');
  },
};

export const ProvidersOff: Story = {
  name: 'Google and GitHub not set up',
  args: { providers: providerLinksOff },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    for (const [name, provider] of [
      ['Google', 'google'],
      ['GitHub', 'github'],
    ] as const) {
      const button = c.getByRole('button', { name: `Continue with ${name}` });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleDescription(providerUnavailable(provider));
    }
  },
};

export const ProviderFailed: Story = {
  name: 'Provider sign-in refused',
  args: { notice: { kind: 'error', message: oauthErrorMessage('state_mismatch', 'github') } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(oauthErrorMessage('state_mismatch', 'github'));
  },
};

export const ProviderNotConfigured: Story = {
  name: 'Provider not set up (came back from the API)',
  args: { providers: providerLinksOff, notice: { kind: 'error', message: oauthErrorMessage('not_configured', 'google') } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Sign-in with Google is not set up on this server.');
  },
};

export const ConfirmLink: Story = {
  name: 'Existing account: password links Google',
  args: { notice: { kind: 'link', provider: 'google' } },
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('status')).toHaveTextContent(oauthMessages.confirmLink('google'));
    await userEvent.type(c.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(c.getByLabelText('Password'), 'secret1');
    await userEvent.click(c.getByRole('button', { name: 'Sign In and Link Google' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret1' });
  },
};

export const FinishingProviderSignIn: Story = {
  name: 'Finishing a GitHub sign-in',
  args: { notice: { kind: 'finishing', provider: 'github' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('status')).toHaveTextContent('Finishing your GitHub sign-in…');
    await expect(c.getByRole('button', { name: 'Continue with GitHub' })).toBeDisabled();
  },
};
