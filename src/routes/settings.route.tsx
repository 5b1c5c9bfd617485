import { useQuery } from '@tanstack/react-query';
import { learningQueries } from '../api/learning';
import { SettingsScreen } from '../screens/Settings/SettingsScreen';
import type { Remote } from '../screens/remote';
import type { Settings } from '../domain/learningApi';
import { usePreferences } from '../stores/preferences';
import { useFollowAccountDarkMode } from './useAccountSync';
import { toRemote } from './useRemote';
import { useSettingsActions } from './useSettingsActions';

/** /app/settings: the account's settings, saved to it (issue 10 §2). */
export function SettingsRoute() {
  // The form starts from the account as it is now, not from a copy cached earlier in the visit.
  const query = useQuery({ ...learningQueries.settings(), refetchOnWindowFocus: false });
  const settings: Remote<Settings> = query.isSuccess && !query.isFetchedAfterMount ? { status: 'loading' } : toRemote(query);
  const setColorMode = usePreferences((s) => s.setColorMode);
  const actions = useSettingsActions();
  useFollowAccountDarkMode(settings.status === 'ready' ? settings.data.preferences.darkMode : undefined);

  return <SettingsScreen settings={settings} onDarkModeChange={(on) => setColorMode(on ? 'dark' : 'light')} {...actions} />;
}
