import { useQuery } from '@tanstack/react-query';
import { accountQueries } from '../api/account/client';
import { xpQueries } from '../api/xp/client';
import { SettingsScreen } from '../screens/Settings/SettingsScreen';
import type { Remote } from '../components/RemoteView/remote';
import type { Settings } from '../api/account/contract';
import { usePreferences } from '../stores/preferences';
import { useFollowAccountDarkMode } from './useAccountSync';
import { toRemote } from '../app/useRemote';
import { useSettingsActions } from './useSettingsActions';
import { useLinkedAccounts } from './useLinkedAccounts';
import { usePushSwitch } from './usePushSwitch';

/** /app/settings: the account's settings, saved to it. */
export function SettingsRoute() {
  // The form starts from the account as it is now, not from a copy cached earlier in the visit.
  const query = useQuery({ ...accountQueries.settings(), refetchOnWindowFocus: false });
  const settings: Remote<Settings> = query.isSuccess && !query.isFetchedAfterMount ? { status: 'loading' } : toRemote(query);
  // The weekly goal as kept comes with the learner's XP (their streaks are counted with it); read afresh too.
  const xp = useQuery({ ...xpQueries.xp(), refetchOnWindowFocus: false });
  const xpNow = xp.isSuccess && !xp.isFetchedAfterMount ? ({ status: 'loading' } as const) : toRemote(xp);
  const weeklyGoal: Remote<number> = xpNow.status === 'ready' ? { status: 'ready', data: xpNow.data.weekly.goal } : xpNow;
  const setColorMode = usePreferences((s) => s.setColorMode);
  const actions = useSettingsActions();
  const linkedAccounts = useLinkedAccounts();
  const push = usePushSwitch(query.data);
  // Times are shown on the learner's clock: the zone the API keeps for them, else this device's.
  const timeZone = xp.data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  useFollowAccountDarkMode(settings.status === 'ready' ? settings.data.preferences.darkMode : undefined);

  return (
    <SettingsScreen
      settings={settings}
      weeklyGoal={weeklyGoal}
      timeZone={timeZone}
      {...push}
      onDarkModeChange={(on) => setColorMode(on ? 'dark' : 'light')}
      {...actions}
      linkedAccounts={linkedAccounts}
    />
  );
}
