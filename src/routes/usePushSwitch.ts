import { createContext, useContext, useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiErrorMessage } from '../api/common/client';
import { accountMutations, accountKeys } from '../api/account/client';
import { browserPush, pushApi, pushMessages, readDevicePush, turnPushOff, turnPushOn, type PushBrowser } from '../api/push/client';
import type { Preferences, Settings } from '../api/account/contract';
import { notificationsToSend, type PushSwitchState } from '../screens/Settings/SettingsScreen';

/**
 * What to save once this browser is subscribed: the account's streak push switch on, when it was
 * off or paused (a streak switch arriving on resumes paused reminders); null when it is on already.
 */
export function preferencesForPushOn(settings: Settings): Preferences | null {
  const on = settings.preferences.notifications.streakPush && settings.reminders.pausedAt === null;
  return on ? null : { ...settings.preferences, notifications: notificationsToSend(settings, { streakPush: true }) };
}

/** The browser's push machinery; a story or a test provides a stand-in. */
export const PushBrowserContext = createContext<PushBrowser>(browserPush);

/**
 * The "Push on this browser" switch: reads where push stands here (never asking anything), and on
 * the learner's click asks for the permission, subscribes and tells the API (and turns the
 * account's streak push on when it was off or paused); off tells the API, then unsubscribes. The
 * settings are read again afterwards, so the count of browsers is the server's.
 */
export function usePushSwitch(settings: Settings | undefined) {
  const browser = useContext(PushBrowserContext);
  const client = useQueryClient();
  const savePreferences = useMutation(accountMutations.savePreferences(client));
  const [state, setState] = useState<PushSwitchState>({ device: 'checking' });

  useEffect(() => {
    let current = true;
    readDevicePush(browser).then(
      (device) => current && setState((s) => (s.device === 'checking' ? { device } : s)),
      () => current && setState({ device: 'off' }),
    );
    return () => {
      current = false;
    };
  }, [browser]);

  async function change(on: boolean) {
    if (!settings || state.busy) return;
    setState((s) => ({ ...s, busy: true, message: null }));
    try {
      if (!on) {
        await turnPushOff(browser, pushApi.remove);
        setState({ device: 'off' });
      } else {
        const key = settings.reminders.pushPublicKey;
        if (key === null) throw new Error('push is not set up on this server');
        const permission = await turnPushOn(browser, key, pushApi.save);
        if (permission === 'denied') return setState({ device: 'denied' });
        if (permission !== 'granted') return setState({ device: 'off', message: pushMessages.dismissed });
        const preferences = preferencesForPushOn(settings);
        if (preferences) await savePreferences.mutateAsync(preferences);
        setState({ device: 'on' });
      }
    } catch (error) {
      // Where it stands now, whatever failed on the way: nothing claims push is on when it is not.
      const device = await readDevicePush(browser).catch(() => 'off' as const);
      const message = error instanceof DOMException ? pushMessages.failed : apiErrorMessage(error);
      setState({ device, message });
    } finally {
      void client.invalidateQueries({ queryKey: accountKeys.settings() });
    }
  }

  return { push: state, onPushChange: (on: boolean) => void change(on) };
}
