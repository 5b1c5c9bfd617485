import { useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Box, ChakraProvider, Drawer, Flex, HStack, IconButton, Link, Portal } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { Menu, PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { appSystem } from '../../theme/app';
import { Logo } from '../Logo/Logo';
import { Sidebar, type SidebarUser } from './Sidebar';

/** The sidebar is 256 px wide expanded, 100 px collapsed. */
export const SIDEBAR_WIDTH = { expanded: '256px', collapsed: '100px' } as const;

export type AppShellProps = {
  user: SidebarUser;
  /** Desktop sidebar shows icons only. */
  collapsed: boolean;
  onToggleCollapsed(): void;
  onSignOut(): void;
  isSigningOut?: boolean;
  /** The page. */
  children: ReactNode;
};

function HomeLogoLink({ markOnly = false, onClick }: { markOnly?: boolean; onClick?(): void }) {
  return (
    <Link asChild rounded="md" outlineOffset="4px" _hover={{ textDecoration: 'none' }}>
      <RouterLink to="/app/dashboard" aria-label="PathForge dashboard" onClick={onClick}>
        <Logo markOnly={markOnly} />
      </RouterLink>
    </Link>
  );
}

function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  // Focus the page without touching the router's URL.
  event.preventDefault();
  document.getElementById('main')?.focus();
}

/**
 * The signed-in frame: the sidebar and the page.
 *
 * From 768 px the sidebar is fixed on the left (256 px, or 100 px with icons only). Below that a
 * top bar holds the logo and a menu button that slides the same navigation in as a drawer.
 */
export function AppShell({ user, collapsed, onToggleCollapsed, onSignOut, isSigningOut, children }: AppShellProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const width = collapsed ? SIDEBAR_WIDTH.collapsed : SIDEBAR_WIDTH.expanded;
  const toggleLabel = collapsed ? 'Expand sidebar' : 'Collapse sidebar';
  const ToggleIcon = collapsed ? PanelLeftOpen : PanelLeftClose;

  return (
    // The signed-in area's recipes (tabs, tables, dialogs...) come with this shell, not with the landing page.
    <ChakraProvider value={appSystem}>
      <Box minH="100dvh" bg="page">
        <Link
          href="#main"
          onClick={skipToMain}
          position="fixed"
          top="3"
          left="3"
          zIndex="skipLink"
          bg="surface"
          color="brand.fg"
          fontWeight="semibold"
          px="4"
          py="2"
          rounded="md"
          boxShadow="md"
          transform="translateY(-200%)"
          _focusVisible={{ transform: 'none' }}
        >
          Skip to content
        </Link>

        <Box
          data-testid="desktop-sidebar"
          display={{ base: 'none', md: 'block' }}
          position="fixed"
          insetY="0"
          left="0"
          zIndex="sticky"
          w={width}
          bg="surface"
          borderRightWidth="1px"
          borderColor="border"
          transition="width 0.2s ease"
          overflow="hidden"
        >
          <Sidebar
            user={user}
            collapsed={collapsed}
            onSignOut={onSignOut}
            isSigningOut={isSigningOut}
            navLabel="Main"
            header={
              <Flex direction={collapsed ? 'column' : 'row'} align="center" justify="space-between" gap="3" minH="10" px={collapsed ? '0' : '1'}>
                <HomeLogoLink markOnly={collapsed} />
                <IconButton
                  variant="ghost"
                  colorPalette="gray"
                  color="fg.muted"
                  size="sm"
                  aria-label={toggleLabel}
                  aria-expanded={!collapsed}
                  title={toggleLabel}
                  _expanded={{ bg: 'transparent' }}
                  _hover={{ bg: 'bg.muted', color: 'fg' }}
                  onClick={onToggleCollapsed}
                >
                  <ToggleIcon aria-hidden="true" />
                </IconButton>
              </Flex>
            }
          />
        </Box>

        <Box ms={{ base: '0', md: width }} transition="margin 0.2s ease" minW="0">
          <Drawer.Root open={drawerOpen} onOpenChange={(details) => setDrawerOpen(details.open)} placement="start" finalFocusEl={() => menuButton.current}>
            <HStack
              as="header"
              display={{ base: 'flex', md: 'none' }}
              position="sticky"
              top="0"
              zIndex="sticky"
              gap="2"
              h="14"
              px="2"
              bg="surface"
              borderBottomWidth="1px"
              borderColor="border"
            >
              <Drawer.Trigger asChild>
                <IconButton ref={menuButton} variant="ghost" colorPalette="gray" aria-label="Open navigation">
                  <Menu aria-hidden="true" />
                </IconButton>
              </Drawer.Trigger>
              <HomeLogoLink />
            </HStack>
            <Portal>
              <Drawer.Backdrop />
              <Drawer.Positioner>
                <Drawer.Content maxW={SIDEBAR_WIDTH.expanded} bg="surface">
                  <Drawer.Title srOnly>Navigation</Drawer.Title>
                  <Sidebar
                    user={user}
                    onSignOut={onSignOut}
                    isSigningOut={isSigningOut}
                    onNavigate={() => setDrawerOpen(false)}
                    navLabel="Main menu"
                    header={
                      <Flex align="center" justify="space-between" gap="3" minH="10" px="1">
                        <HomeLogoLink onClick={() => setDrawerOpen(false)} />
                        <Drawer.CloseTrigger asChild position="static">
                          <IconButton variant="ghost" colorPalette="gray" color="fg.muted" size="sm" aria-label="Close navigation">
                            <X aria-hidden="true" />
                          </IconButton>
                        </Drawer.CloseTrigger>
                      </Flex>
                    }
                  />
                </Drawer.Content>
              </Drawer.Positioner>
            </Portal>
          </Drawer.Root>

          <Box as="main" id="main" tabIndex={-1} _focus={{ outline: 'none' }} minW="0">
            <Box maxW="7xl" mx="auto" px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }}>
              {children}
            </Box>
          </Box>
        </Box>
      </Box>
    </ChakraProvider>
  );
}
