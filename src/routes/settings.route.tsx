import { useQuery, useQueryClient } from '@tanstack/react-query';
import { sampleQueries as learningQueries } from '../api/sample';
import { notify } from '../components/ui/toaster';
import { SettingsScreen, type SettingsScreenData } from '../screens/Settings/SettingsScreen';
import type { Remote } from '../screens/remote';
import { usePreferences } from '../stores/preferences';
import { useSession } from '../stores/session';
import { toRemote } from './useRemote';

export const SETTINGS_SAVED = 'Settings saved';
export const ACCOUNT_DELETION_UNAVAILABLE = 'Account deletion isn’t available yet. Contact support to delete your account.';

/** The settings query's data after a Save in this visit. */
type SavedSettings = SettingsScreenData & { savedProfile?: boolean };

/** /app/settings: the profile starts from the signed-in learner; Dark Mode is the remembered colour mode. */
export function SettingsRoute() {
  const user = useSession((s) => s.user);
  const colorMode = usePreferences((s) => s.colorMode);
  const setColorMode = usePreferences((s) => s.setColorMode);
  const queryClient = useQueryClient();
  const query = useQuery(learningQueries.settings());
  const remote = toRemote(query);
  const saved = query.data as SavedSettings | undefined;
  // Until settings have a server to live on, what Save keeps lasts for this visit (in the query cache).
  const settings: Remote<SettingsScreenData> =
    remote.status === 'ready' && user
      ? {
          status: 'ready',
          data: {
            ...remote.data,
            profile: saved?.savedProfile ? saved.profile : { fullName: user.username, email: user.email },
          },
        }
      : remote;

  return (
    <SettingsScreen
      settings={settings}
      darkMode={colorMode === 'dark'}
      onDarkModeChange={(on) => setColorMode(on ? 'dark' : 'light')}
      onSave={({ profile, notifications, publicProfile }) => {
        // Sample data for now (spec §3): keep the choices for this visit; no server call yet.
        queryClient.setQueryData(learningQueries.settings().queryKey, (old) =>
          old ? ({ ...old, notifications, publicProfile, profile, savedProfile: true } as SavedSettings) : old,
        );
        notify('success', SETTINGS_SAVED);
      }}
      onDeleteAccount={() => notify('info', ACCOUNT_DELETION_UNAVAILABLE)}
    />
  );
}
