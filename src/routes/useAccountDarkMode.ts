import { useEffect, useRef } from 'react';
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
