import type { ReactNode } from 'react';
import { Avatar, Box, Button, Flex, HStack, Link, Portal, Stack, Text, Tooltip } from '@chakra-ui/react';
import { Link as RouterLink, matchPath, useLocation } from 'react-router-dom';
import { Award, LayoutDashboard, LogOut, Route, Settings, type LucideIcon } from 'lucide-react';

export type SidebarUser = { username: string; email: string };

type Entry = {
  label: string;
  to: string;
  Icon: LucideIcon;
  /** Route patterns that also mark the entry as the current page (pages reached from it). */
  alsoActiveOn?: string[];
};

/** The sidebar has exactly Dashboard, Paths, XP & Badges and Settings. Leaderboard and browse-paths are reached from pages. */
export const sidebarEntries: Entry[] = [
  { label: 'Dashboard', to: '/app/dashboard', Icon: LayoutDashboard, alsoActiveOn: ['/app/leaderboard/*'] },
  { label: 'Paths', to: '/app/paths', Icon: Route, alsoActiveOn: ['/app/browse-paths/*'] },
  { label: 'XP & Badges', to: '/app/xp-badges', Icon: Award },
  { label: 'Settings', to: '/app/settings', Icon: Settings },
];

function isActive(pathname: string, entry: Entry) {
  return [`${entry.to}/*`, ...(entry.alsoActiveOn ?? [])].some((pattern) => matchPath(pattern, pathname) !== null);
}

/** In the collapsed sidebar the labels live in tooltips on the right of each icon. */
function WithTooltip({ label, show, children }: { label: string; show: boolean; children: ReactNode }) {
  if (!show) return children;
  return (
    <Tooltip.Root positioning={{ placement: 'right' }} openDelay={200} closeDelay={0}>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{label}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}

export type SidebarProps = {
  user: SidebarUser;
  /** Icons only (100 px wide), labels in tooltips. */
  collapsed?: boolean;
  onSignOut(): void;
  isSigningOut?: boolean;
  /** Called when an entry is chosen (the drawer closes). */
  onNavigate?(): void;
  /** The nav landmark's name; the desktop sidebar and the drawer each have their own. */
  navLabel: string;
  /** The top row: the logo and, on desktop, the collapse toggle. */
  header: ReactNode;
};

/** The app's navigation: entries, the signed-in learner and Sign Out. Shared by the desktop sidebar and the drawer. */
export function Sidebar({ user, collapsed = false, onSignOut, isSigningOut, onNavigate, navLabel, header }: SidebarProps) {
  const { pathname } = useLocation();
  return (
    <Flex direction="column" h="full" minH="0" gap="6" fontSize="md" px={collapsed ? '3' : '4'} py="5">
      {header}

      <Box as="nav" aria-label={navLabel} flex="1" minH="0" overflowY="auto" mx="-1" px="1">
        <Stack as="ul" gap="1" listStyleType="none">
          {sidebarEntries.map((entry) => {
            const active = isActive(pathname, entry);
            const { Icon } = entry;
            return (
              <li key={entry.to}>
                <WithTooltip label={entry.label} show={collapsed}>
                  <Link
                    asChild
                    display="flex"
                    alignItems="center"
                    justifyContent={collapsed ? 'center' : 'flex-start'}
                    gap="3"
                    h="11"
                    px={collapsed ? '0' : '3'}
                    rounded="lg"
                    fontWeight={active ? 'semibold' : 'medium'}
                    color={active ? 'brand.fg' : 'fg.muted'}
                    bg={active ? 'brand.subtle' : 'transparent'}
                    boxShadow={active ? 'inset 3px 0 0 var(--chakra-colors-brand-solid)' : undefined}
                    textDecoration="none"
                    _hover={{ textDecoration: 'none', bg: active ? 'brand.muted' : 'bg.muted', color: active ? 'brand.fg' : 'fg' }}
                  >
                    <RouterLink to={entry.to} aria-current={active ? 'page' : undefined} aria-label={collapsed ? entry.label : undefined} onClick={onNavigate}>
                      <Icon size={20} aria-hidden="true" style={{ flexShrink: 0 }} />
                      {!collapsed && <span>{entry.label}</span>}
                    </RouterLink>
                  </Link>
                </WithTooltip>
              </li>
            );
          })}
        </Stack>
      </Box>

      <Stack gap="3" borderTopWidth="1px" borderColor="border" pt="4">
        <HStack gap="3" justify={collapsed ? 'center' : 'flex-start'} px={collapsed ? '0' : '1'} minW="0">
          <Avatar.Root size="sm" colorPalette="brand" flexShrink={0} aria-hidden="true">
            <Avatar.Fallback name={user.username} />
          </Avatar.Root>
          <Stack gap="0" minW="0" srOnly={collapsed}>
            <Text fontSize="sm" fontWeight="semibold" color="fg" truncate>
              {user.username}
            </Text>
            <Text fontSize="xs" color="fg.muted" truncate>
              {user.email}
            </Text>
          </Stack>
        </HStack>
        <WithTooltip label="Sign Out" show={collapsed}>
          <Button
            variant="ghost"
            colorPalette="gray"
            color="fg.muted"
            justifyContent={collapsed ? 'center' : 'flex-start'}
            gap="3"
            h="11"
            px={collapsed ? '0' : '3'}
            rounded="lg"
            fontSize="md"
            fontWeight="medium"
            _hover={{ bg: 'bg.muted', color: 'fg' }}
            aria-label={collapsed ? 'Sign Out' : undefined}
            onClick={onSignOut}
            loading={isSigningOut}
            loadingText={collapsed ? undefined : 'Signing out…'}
          >
            <LogOut size={20} aria-hidden="true" />
            {!collapsed && 'Sign Out'}
          </Button>
        </WithTooltip>
      </Stack>
    </Flex>
  );
}
