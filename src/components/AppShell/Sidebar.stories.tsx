import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, ChakraProvider } from '@chakra-ui/react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { appSystem } from '../../theme/app';
import { Logo } from '../Logo/Logo';
import { Sidebar } from './Sidebar';

/** The navigation on its own (AppShell's stories show it in the frame, on desktop and in the drawer). */
const meta = {
  title: 'Components/AppShell/Sidebar',
  component: Sidebar,
  decorators: [
    (Story, { args }) => (
      <ChakraProvider value={appSystem}>
        <Box bg="page" minH="100dvh">
          <Box w={args.collapsed ? '100px' : '256px'} h="100dvh" bg="surface" borderRightWidth="1px">
            <Story />
          </Box>
        </Box>
      </ChakraProvider>
    ),
  ],
  parameters: { route: '/app/dashboard' },
  args: {
    user: { username: 'Ada Lovelace', email: 'ada@example.com' },
    navLabel: 'Main',
    header: <Logo />,
    onSignOut: fn(),
    onNavigate: fn(),
  },
} satisfies Meta<typeof Sidebar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Expanded: Story = {
  play: async ({ canvasElement, args }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main' });
    await expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(nav).getByRole('link', { name: 'Paths' }));
    await expect(args.onNavigate).toHaveBeenCalled();
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Sign Out' }));
    await expect(args.onSignOut).toHaveBeenCalled();
  },
};

export const Collapsed: Story = {
  args: { collapsed: true, header: <Logo markOnly /> },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main' });
    // Icons only: every entry keeps its name for assistive technology.
    for (const name of ['Dashboard', 'Paths', 'XP & Badges', 'Settings']) {
      await expect(within(nav).getByRole('link', { name })).toBeVisible();
    }
  },
};

export const ActiveSettings: Story = {
  parameters: { route: '/app/settings' },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main' });
    await expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  },
};

export const SigningOut: Story = { args: { isSigningOut: true } };
