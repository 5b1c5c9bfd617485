import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PREFERENCES_STORAGE_KEY } from './preferencesStorage';
import { usePreferences } from './preferences';

beforeEach(() => {
  localStorage.clear();
  usePreferences.setState({ colorMode: 'light', sidebarCollapsed: false });
});

describe('followAccountDarkMode (a second device follows the account)', () => {
  it('applies the account’s Dark Mode when it differs from this device’s colour mode, and remembers it', () => {
    usePreferences.getState().followAccountDarkMode(true);
    expect(usePreferences.getState().colorMode).toBe('dark');
    expect(JSON.parse(localStorage.getItem(PREFERENCES_STORAGE_KEY) ?? 'null')).toMatchObject({ state: { colorMode: 'dark' } });

    usePreferences.getState().followAccountDarkMode(false);
    expect(usePreferences.getState().colorMode).toBe('light');
  });

  it('changes nothing (no update, no write) when both already agree', () => {
    const listener = vi.fn();
    const unsubscribe = usePreferences.subscribe(listener);
    usePreferences.getState().followAccountDarkMode(false);
    expect(listener).not.toHaveBeenCalled();
    usePreferences.setState({ colorMode: 'dark' });
    listener.mockClear();
    usePreferences.getState().followAccountDarkMode(true);
    expect(listener).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('leaves the sidebar choice alone', () => {
    usePreferences.setState({ sidebarCollapsed: true });
    usePreferences.getState().followAccountDarkMode(true);
    expect(usePreferences.getState()).toMatchObject({ colorMode: 'dark', sidebarCollapsed: true });
  });
});
