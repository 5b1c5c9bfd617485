import { useEffect, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { clockMutations } from '../api/xp/client';
import { usePreferences } from '../stores/preferences';

/**
 * Once per mount: as soon as the account's Dark Mode is known, this device follows it (a choice
 * saved on another device arrives here). Later answers are left alone, so a switch flipped but not
 * saved yet is not undone behind the learner's back.
 */
export function useFollowAccountDarkMode(darkMode: boolean | undefined) {
  const followed = useRef(false);
  useEffect(() => {
    if (darkMode === undefined || followed.current) return;
    followed.current = true;
    usePreferences.getState().followAccountDarkMode(darkMode);
  }, [darkMode]);
}

/**
 * Once per mount: the API learns this browser's time zone, so the learner's days and streak are
 * their own. The API changes a saved zone at most once a day (a refusal is expected after a trip
 * or on a second device, and changes nothing here).
 */
export function useTellTimeZone() {
  const { mutate } = useMutation(clockMutations.timeZone());
  const told = useRef(false);
  useEffect(() => {
    if (told.current) return;
    told.current = true;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone) mutate(zone, { onError: () => {} });
  }, [mutate]);
}
