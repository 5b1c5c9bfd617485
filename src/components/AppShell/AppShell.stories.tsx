import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import { AppShell, type AppShellProps } from './AppShell';

const desktopSidebar = (canvas: HTMLElement) => canvas.querySelector<HTMLElement>('[data-testid="desktop-sidebar"]')!;

const meta = {
  title: 'Components/AppShell',
  component: AppShell,
  parameters: { layout: 'fullscreen', route: '/app/dashboard' },
  args: {
    user: { username: 'Ada Lovelace', email: 'ada@example.com' },
    collapsed: false,
    onToggleCollapsed: fn(),
    onSignOut: fn(),
    children: (
      <Stack gap="6">
        <Heading as="h1" size="2xl" letterSpacing="-0.02em">
          Page title
        </Heading>
        <Card.Root>
          <Card.Header>
            <Card.Title as="h2">A card in the content area</Card.Title>
          </Card.Header>
          <Card.Body>
            <Text color="fg.muted">The page the route renders sits here, beside the sidebar.</Text>
          </Card.Body>
        </Card.Root>
      </Stack>
    ),
  },
} satisfies Meta<typeof AppShell>;
export default meta;
type Story = StoryObj<typeof meta>;

const activeEntry =
  (name: string): Story['play'] =>
  async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main' });
    await expect(within(nav).getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
    await expect(
      within(nav)
        .getAllByRole('link')
        .filter((l) => l.getAttribute('aria-current') === 'page'),
    ).toHaveLength(1);
  };

export const Expanded: Story = {
  play: async (context) => {
    const c = within(context.canvasElement);
    await activeEntry('Dashboard')!(context);
    const nav = c.getByRole('navigation', { name: 'Main' });
    for (const name of ['Dashboard', 'Paths', 'XP & Badges', 'Settings']) {
      await expect(within(nav).getByRole('link', { name })).toBeVisible();
    }
    await expect(within(nav).getByRole('link', { name: 'Paths' })).toHaveAttribute('href', '/app/paths');
    await expect(c.getByRole('button', { name: 'Collapse sidebar' })).toHaveAttribute('aria-expanded', 'true');
    await expect(c.getByText('Ada Lovelace')).toBeVisible();
    await expect(c.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(c.getByRole('main')).toHaveAttribute('id', 'main');
    await expect(c.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    await expect(c.getByRole('button', { name: 'Open navigation', hidden: true })).not.toBeVisible();
    await expect(desktopSidebar(context.canvasElement).getBoundingClientRect().width).toBeCloseTo(256, 0);
  },
};

export const Collapsed: Story = {
  args: { collapsed: true },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const nav = c.getByRole('navigation', { name: 'Main' });
    // Icons only: the names come from aria-label, the visible label from a tooltip.
    for (const name of ['Dashboard', 'Paths', 'XP & Badges', 'Settings']) {
      await expect(within(nav).getByRole('link', { name })).toHaveAttribute('aria-label', name);
    }
    await expect(within(nav).queryByText('Paths')).not.toBeInTheDocument();
    await expect(c.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
    await expect(c.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(desktopSidebar(canvasElement).getBoundingClientRect().width).toBeCloseTo(100, 0);
    await expect(c.getByRole('main').getBoundingClientRect().left).toBeCloseTo(100, 0);

    await userEvent.hover(within(nav).getByRole('link', { name: 'Paths' }));
    await expect(await screen.findByRole('tooltip', { name: 'Paths' })).toBeVisible();
    await userEvent.unhover(within(nav).getByRole('link', { name: 'Paths' }));
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  },
};
/** The label a collapsed entry shows on hover (screenshotted with the tooltip open). */
export const CollapsedTooltip: Story = {
  args: { collapsed: true },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main' });
    await userEvent.hover(within(nav).getByRole('link', { name: 'XP & Badges' }));
    await expect(await screen.findByRole('tooltip', { name: 'XP & Badges' })).toBeVisible();
  },
};

/** The toggle reports the click; the wrapper plays the preferences store so the width changes. */
function Stateful(args: AppShellProps) {
  const [collapsed, setCollapsed] = useState(args.collapsed);
  return (
    <AppShell
      {...args}
      collapsed={collapsed}
      onToggleCollapsed={() => {
        args.onToggleCollapsed();
        setCollapsed((value) => !value);
      }}
    />
  );
}

export const Toggle: Story = {
  render: (args) => <Stateful {...args} />,
  play: async ({ canvasElement, args }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Collapse sidebar' }));
    await expect(args.onToggleCollapsed).toHaveBeenCalledTimes(1);
    await expect(c.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(desktopSidebar(canvasElement).getBoundingClientRect().width).toBeCloseTo(100, 0));
    await userEvent.click(c.getByRole('button', { name: 'Expand sidebar' }));
    await expect(args.onToggleCollapsed).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(desktopSidebar(canvasElement).getBoundingClientRect().width).toBeCloseTo(256, 0));
  },
};

export const ActivePaths: Story = { parameters: { route: '/app/paths/1' }, play: activeEntry('Paths') };
export const ActivePathsOnBrowsePaths: Story = { parameters: { route: '/app/browse-paths' }, play: activeEntry('Paths') };
export const ActiveXpBadges: Story = { name: 'Active XP & Badges', parameters: { route: '/app/xp-badges' }, play: activeEntry('XP & Badges') };
export const ActiveSettings: Story = { parameters: { route: '/app/settings' }, play: activeEntry('Settings') };

const mobile = { viewport: { value: 'mobile' } };

export const Mobile: Story = {
  globals: mobile,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(desktopSidebar(canvasElement)).not.toBeVisible();
    await expect(c.queryByRole('navigation')).not.toBeInTheDocument();
    await expect(c.getByRole('button', { name: 'Open navigation' })).toBeVisible();
    await expect(c.getByRole('link', { name: 'PathForge dashboard' })).toBeVisible();
    await expect(c.getByRole('heading', { name: 'Page title' })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
  },
};

export const MobileDrawerOpen: Story = {
  globals: mobile,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(c.getByRole('button', { name: 'Open navigation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Navigation' });
    await waitFor(() => expect(dialog).toBeVisible());
    const nav = within(dialog).getByRole('navigation', { name: 'Main menu' });
    for (const name of ['Dashboard', 'Paths', 'XP & Badges', 'Settings']) {
      await expect(within(nav).getByRole('link', { name })).toBeVisible();
    }
    await expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(within(dialog).getByText('Ada Lovelace')).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Sign Out' })).toBeVisible();

    await userEvent.click(within(nav).getByRole('link', { name: 'Paths' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(c.getByRole('button', { name: 'Open navigation' })).toHaveAttribute('aria-expanded', 'false');
  },
};

/** The drawer as a learner sees it while it is open (screenshotted open). */
export const MobileDrawerShown: Story = {
  globals: mobile,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open navigation' }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Navigation' })).toBeVisible());
  },
};

export const MobileDrawerEscape: Story = {
  globals: mobile,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const menu = c.getByRole('button', { name: 'Open navigation' });
    await userEvent.click(menu);
    const dialog = await screen.findByRole('dialog', { name: 'Navigation' });
    // Focus moves into the drawer and stays there.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    for (let i = 0; i < 10; i++) await userEvent.tab();
    await expect(dialog.contains(document.activeElement)).toBe(true);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(menu).toHaveFocus());
  },
};

export const MobileDrawerSignOut: Story = {
  globals: mobile,
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open navigation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Navigation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign Out' }));
    await expect(args.onSignOut).toHaveBeenCalledTimes(1);
  },
};

export const SignOut: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Sign Out' }));
    await expect(args.onSignOut).toHaveBeenCalledTimes(1);
  },
};

export const SigningOut: Story = {
  args: { isSigningOut: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /Signing out/ })).toBeDisabled();
  },
};
