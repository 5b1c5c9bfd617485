import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { TopBar } from './TopBar';

const meta = {
  title: 'Screens/Landing/TopBar',
  component: TopBar,
  parameters: { layout: 'fullscreen' },
  args: {
    isSignedIn: false,
    anchorClick: () => (event) => event.preventDefault(),
    goTo: fn(),
  },
} satisfies Meta<typeof TopBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Visitor: Story = {
  play: async ({ canvasElement }) => {
    const bar = within(within(canvasElement).getByRole('banner'));
    await expect(bar.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await expect(bar.getByRole('link', { name: 'How It Work' })).toHaveAttribute('href', '#howItWork');
  },
};

export const SignedIn: Story = {
  args: { isSignedIn: true },
  play: async ({ canvasElement }) => {
    const bar = within(within(canvasElement).getByRole('banner'));
    await expect(bar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app/dashboard');
  },
};
