import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { authDownHandlers, authHandlers, loginRateLimitedHandlers, registerRejectedHandlers, samplePassword, sampleToken } from '../../fixtures/msw/auth';
import { learningHandlers } from '../../fixtures/msw/learning';
import { sampleUser } from '../../fixtures/user';
import { useSession } from '../../stores/session';
import { AppFlow } from './AppFlow';
import { toast } from './toast';

/**
 * Sign-in and registration through the real route table, containers, mutations and session
 * store, with MSW answering as the API does. The screens' own states are in Screens/.
 */
const meta = {
  title: 'Flows/Sign In and Registration',
  component: AppFlow,
  // No docs page: each story runs the whole app with the one session store, so they cannot share a page.
  tags: ['!autodocs'],
  parameters: { ownRouter: true, layout: 'fullscreen', msw: [...authHandlers, ...learningHandlers()] },
  args: { initialPath: '/login' },
  beforeEach: () => {
    useSession.getState().logout();
    useSession.setState({ registrationPending: false, pendingEmail: null });
  },
} satisfies Meta<typeof AppFlow>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The dashboard greets the learner (its heading is re-rendered once its data is in: query it afresh),
 * with their level and this week's top learners (their own queries, in once these show).
 */
async function expectGreeting() {
  await waitFor(() => expect(screen.getByRole('heading', { name: new RegExp(sampleUser.username) })).toBeVisible(), {
    timeout: 5000,
  });
  await expect(await screen.findByRole('link', { name: 'Continue Learning' }, { timeout: 5000 })).toBeVisible();
  await expect(await screen.findByTestId('level-badge', {}, { timeout: 5000 })).toBeVisible();
  await expect(await screen.findByRole('list', { name: 'Top 5 learners' }, { timeout: 5000 })).toBeVisible();
}

async function signIn(email: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

export const SuccessfulSignIn: Story = {
  play: async () => {
    await signIn(sampleUser.email, samplePassword);
    await expect(await toast('Logged in successfully')).toBeVisible();
    await expectGreeting();
    await expect(useSession.getState()).toMatchObject({ user: sampleUser, token: sampleToken });
  },
};

export const WrongPassword: Story = {
  play: async () => {
    await signIn(sampleUser.email, 'not-the-password');
    await expect(await toast('Invalid email or password')).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    await expect(useSession.getState().token).toBeNull();
  },
};

export const TooManyAttempts: Story = {
  parameters: { msw: loginRateLimitedHandlers },
  play: async () => {
    await signIn(sampleUser.email, samplePassword);
    await expect(await toast('Too many attempts. Try again in 42 seconds.')).toBeVisible();
  },
};

export const ApiDown: Story = {
  parameters: { msw: authDownHandlers },
  play: async () => {
    await signIn(sampleUser.email, samplePassword);
    await expect(await toast(/can’t reach PathForge right now/)).toBeVisible();
    await expect(screen.getByLabelText('Email')).toHaveValue(sampleUser.email);
  },
};

export const VisitorSentToSignIn: Story = {
  args: { initialPath: '/app/dashboard' },
  play: async () => {
    await expect(await screen.findByRole('button', { name: 'Sign In' }, { timeout: 5000 })).toBeVisible();
    await signIn(sampleUser.email, samplePassword);
    await expectGreeting();
  },
};

async function register(values: { username: string; email: string; password: string }) {
  await userEvent.type(await screen.findByLabelText('Full Name'), values.username);
  await userEvent.type(screen.getByLabelText('Email'), values.email);
  await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), values.password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
}

export const SuccessfulRegistration: Story = {
  args: { initialPath: '/register' },
  play: async () => {
    await register({ username: 'Grace Hopper', email: 'grace@example.com', password: 'compilers-rock' });
    await expect(await toast('Account created successfully')).toBeVisible();
    // On to sign in (the Register form also had this email typed: wait for the sign-in form first),
    // with the new email filled in.
    await expect(await screen.findByRole('button', { name: 'Sign In' }, { timeout: 5000 })).toBeVisible();
    await expect(screen.getByRole('heading', { level: 1 })).not.toHaveTextContent('Create Account');
    await expect(screen.getByLabelText('Email')).toHaveValue('grace@example.com');
    await expect(useSession.getState().registrationPending).toBe(true);
  },
};

export const EmailAlreadyRegistered: Story = {
  args: { initialPath: '/register' },
  play: async () => {
    await register({ username: 'Ada again', email: sampleUser.email, password: 'compilers-rock' });
    await expect(await toast('An account with this email already exists')).toBeVisible();
    await expect(screen.getByLabelText('Full Name')).toHaveValue('Ada again');
  },
};

export const RegistrationRejected: Story = {
  args: { initialPath: '/register' },
  parameters: { msw: registerRejectedHandlers },
  play: async () => {
    await register({ username: 'A', email: 'a@example.com', password: 'password' });
    await expect(await toast('Username must be between 2 and 50 characters., This password is too common. Choose one that is harder to guess.')).toBeVisible();
  },
};
