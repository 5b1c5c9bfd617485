import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { expectFormMessage, expectInvalidField } from '../../components/AuthLayout/authStoryHelpers';
import { LoginScreen } from './LoginScreen';

const meta = {
  title: 'Screens/Login',
  component: LoginScreen,
  parameters: { layout: 'fullscreen', route: '/login' },
  args: { isSubmitting: false, onSubmit: fn(), onGoogle: fn() },
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
  name: 'Empty form',
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(c.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    await expect(c.getByLabelText('Email')).toHaveValue('');
    await expect(c.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await expect(c.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/forgotPassword');
    await expect(c.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    await expect(c.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
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

export const GoogleClicked: Story = {
  name: 'Continue with Google',
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Continue with Google' }));
    await expect(args.onGoogle).toHaveBeenCalledOnce();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

