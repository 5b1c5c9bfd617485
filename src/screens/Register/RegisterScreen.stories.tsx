import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { expectFormMessage, expectInvalidField } from '../../components/AuthLayout/authStoryHelpers';
import { providerLinksGitHubOnly, providerLinksOn } from '../../fixtures';
import { providerUnavailable } from '../../components/AuthLayout/ProviderButtons';
import { RegisterScreen } from './RegisterScreen';

const meta = {
  title: 'Screens/Register',
  component: RegisterScreen,
  parameters: { layout: 'fullscreen', route: '/register' },
  args: { isSubmitting: false, onSubmit: fn(), providers: providerLinksOn },
} satisfies Meta<typeof RegisterScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

const fields = (canvasElement: HTMLElement) => {
  const c = within(canvasElement);
  return {
    c,
    name: c.getByLabelText('Full Name'),
    email: c.getByLabelText('Email'),
    password: c.getByLabelText('Password'),
    signUp: c.getByRole('button', { name: 'Sign Up' }),
  };
};

export const Empty: Story = {
  parameters: { screenshot: { phone: true } },
  name: 'Empty form',
  play: async ({ canvasElement }) => {
    const { c, name, email, password } = fields(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();
    // All three are required; the form uses our messages, not the browser's.
    for (const input of [name, email, password]) await expect(input).toBeRequired();
    await expect(password).toHaveAccessibleDescription('At least 6 characters.');
    await expect(c.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await expect(c.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute('href', providerLinksOn.google);
    await expect(c.getByRole('link', { name: 'Continue with GitHub' })).toHaveAttribute('href', providerLinksOn.github);
  },
};

export const Submitting: Story = {
  name: 'Creating the account',
  args: { isSubmitting: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Creating account…' })).toBeDisabled();
    await expect(c.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
    await expect(c.getByRole('button', { name: 'Continue with GitHub' })).toBeDisabled();
  },
};

export const AllFieldsRequired: Story = {
  play: async ({ canvasElement, args }) => {
    const { name, email, password, signUp } = fields(canvasElement);
    await userEvent.click(signUp);
    await expectFormMessage(canvasElement, 'All fields are required!');
    for (const input of [name, email]) await expectInvalidField(input, 'All fields are required!');
    // The password keeps its hint in its description after the message.
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription('All fields are required! At least 6 characters.');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const AllFieldsRequiredWhitespace: Story = {
  name: 'All Fields Required (white space only)',
  play: async ({ canvasElement, args }) => {
    const { name, email, password, signUp } = fields(canvasElement);
    await userEvent.type(name, '   ');
    await userEvent.type(email, '  ');
    await userEvent.type(password, '       ');
    await userEvent.click(signUp);
    await expectFormMessage(canvasElement, 'All fields are required!');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const UsernameRequired: Story = {
  name: 'All Fields Required (Full Name empty)',
  play: async ({ canvasElement, args }) => {
    const { name, email, password, signUp } = fields(canvasElement);
    await userEvent.type(email, 'ada@example.com');
    await userEvent.type(password, 'secret1');
    await userEvent.click(signUp);
    await expectFormMessage(canvasElement, 'All fields are required!');
    await expectInvalidField(name, 'All fields are required!');
    await expect(email).not.toHaveAttribute('aria-invalid');
    await expect(password).not.toHaveAttribute('aria-invalid');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const InvalidEmail: Story = {
  play: async ({ canvasElement, args }) => {
    const { name, email, password, signUp } = fields(canvasElement);
    await userEvent.type(name, 'Ada Lovelace');
    await userEvent.type(email, 'ada.example.com');
    await userEvent.type(password, 'secret1');
    await userEvent.click(signUp);
    await expectFormMessage(canvasElement, 'Invalid email address!');
    await expectInvalidField(email, 'Invalid email address!');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const ShortPassword: Story = {
  play: async ({ canvasElement, args }) => {
    const { name, email, password, signUp } = fields(canvasElement);
    await userEvent.type(name, 'Ada Lovelace');
    await userEvent.type(email, 'ada@example.com');
    await userEvent.type(password, '12345');
    await userEvent.click(signUp);
    await expectFormMessage(canvasElement, 'Password must be at least 6 characters!');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(email).not.toHaveAttribute('aria-invalid');
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const ValidSubmit: Story = {
  name: 'Valid details sent',
  play: async ({ canvasElement, args }) => {
    const { name, email, password, signUp } = fields(canvasElement);
    await userEvent.type(name, ' Ada Lovelace ');
    await userEvent.type(email, ' ada@example.com');
    await userEvent.type(password, '123456');
    await userEvent.click(signUp);
    await expect(args.onSubmit).toHaveBeenCalledOnce();
    await expect(args.onSubmit).toHaveBeenCalledWith({
      username: 'Ada Lovelace',
      email: 'ada@example.com',
      password: '123456',
    });
    await expect(screen.queryByRole('status')).not.toBeInTheDocument();
  },
};

export const PasswordToggle: Story = {
  name: 'Password shown and hidden',
  play: async ({ canvasElement }) => {
    const { c, password } = fields(canvasElement);
    await userEvent.type(password, 'secret1');
    const toggle = c.getByRole('button', { name: 'Show password' });
    await userEvent.click(toggle);
    await expect(password).toHaveAttribute('type', 'text');
    await expect(toggle).toHaveAccessibleName('Hide password');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(toggle);
    await expect(password).toHaveAttribute('type', 'password');
    await expect(toggle).toHaveAccessibleName('Show password');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  },
};

export const GitHubOnly: Story = {
  name: 'Only GitHub set up',
  args: { providers: providerLinksGitHubOnly },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('button', { name: 'Continue with Google' })).toHaveAccessibleDescription(providerUnavailable('google'));
    await expect(c.getByRole('link', { name: 'Continue with GitHub' })).toHaveAttribute('href', providerLinksGitHubOnly.github);
  },
};
