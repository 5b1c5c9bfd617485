import { Box } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { authMutations } from '../api/auth/client';
import { accountMutations, accountQueries } from '../api/account/client';
import { AppShell } from '../components/AppShell/AppShell';
import { EmailConfirmBanner } from '../components/EmailConfirmBanner/EmailConfirmBanner';
import { usePreferences } from '../stores/preferences';
import { useSession } from '../stores/session';
import { apiErrorMessage } from '../api/common/client';
import type { ActionState } from '../components/RemoteView/remote';
import { useFollowAccountDarkMode, useTellTimeZone } from './useAccountSync';
import { useConfirmSession } from './useConfirmSession';

const actionState = (m: { status: 'idle' | 'pending' | 'error' | 'success'; error: unknown }): ActionState =>
  m.status === 'error' ? { status: 'error', message: apiErrorMessage(m.error) } : { status: m.status };

/** The signed-in frame around every /app page: the sidebar (collapsed state remembered) and Sign Out. */
export function AppLayoutRoute() {
  useConfirmSession();
  // Once per session this device follows the account's Dark Mode (saved on any device).
  const accountDarkMode = useQuery({
    ...accountQueries.settings(),
    select: (settings) => settings.preferences.darkMode,
    refetchOnWindowFocus: false,
  }).data;
  useFollowAccountDarkMode(accountDarkMode);
  // An address nobody has confirmed yet: the account works, and the banner asks for the link.
  const profile = useQuery({ ...accountQueries.settings(), select: (settings) => settings.profile, refetchOnWindowFocus: false }).data;
  // A server that sends no email: the banner says no link went, rather than "we sent a link".
  const emailSetUp = useQuery({ ...accountQueries.settings(), select: (settings) => settings.reminders.email === 'ready', refetchOnWindowFocus: false }).data;
  const resend = useMutation(accountMutations.resendEmailLink());
  useTellTimeZone();
  const user = useSession((s) => s.user);
  const collapsed = usePreferences((s) => s.sidebarCollapsed);
  const setCollapsed = usePreferences((s) => s.setSidebarCollapsed);
  // Signing out clears the session at once, even when the API is down (authMutations.logout);
  // RequireSession then sends the learner to the landing page.
  const logout = useMutation(authMutations.logout());

  if (!user) return null; // RequireSession redirects.
  return (
    <AppShell user={user} collapsed={collapsed} onToggleCollapsed={() => setCollapsed(!collapsed)} onSignOut={() => logout.mutate()} isSigningOut={logout.isPending}>
      {profile && !profile.emailConfirmed ? (
        <Box mb={{ base: '5', md: '6' }}>
          <EmailConfirmBanner email={profile.email} resend={actionState(resend)} onResend={() => resend.mutate()} emailSetUp={emailSetUp !== false} />
        </Box>
      ) : null}
      <Outlet />
    </AppShell>
  );
}
