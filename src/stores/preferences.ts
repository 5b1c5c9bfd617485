import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { ColorMode } from '../theme/colorMode';
import { safeJsonStorage } from './safeStorage';
import { PREFERENCES_STORAGE_KEY, PREFERENCES_STORAGE_VERSION } from './preferencesStorage';

export type Preferences = {
  colorMode: ColorMode;
  /** Desktop sidebar collapsed to icons (100 px) instead of 256 px. */
  sidebarCollapsed: boolean;
};

type PreferenceActions = {
  setColorMode(mode: ColorMode): void;
  setSidebarCollapsed(collapsed: boolean): void;
  /** The account's Dark Mode (saved from any device) wins over this device's colour mode. */
  followAccountDarkMode(darkMode: boolean): void;
};

const defaults: Preferences = { colorMode: 'light', sidebarCollapsed: false };

function isPreferences(value: unknown): value is Preferences {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return (p.colorMode === 'light' || p.colorMode === 'dark') && typeof p.sidebarCollapsed === 'boolean';
}

/** Things a learner chooses once and expects remembered on this device. */
export const usePreferences = create<Preferences & PreferenceActions>()(
  persist(
    (set) => ({
      ...defaults,
      setColorMode: (colorMode) => set({ colorMode }),
      setSidebarCollapsed: (sidebarCollapsed) => set({ sidebarCollapsed }),
      followAccountDarkMode: (darkMode) =>
        set((state) => {
          const colorMode: ColorMode = darkMode ? 'dark' : 'light';
          return state.colorMode === colorMode ? state : { colorMode };
        }),
    }),
    {
      name: PREFERENCES_STORAGE_KEY,
      version: PREFERENCES_STORAGE_VERSION,
      storage: safeJsonStorage<Preferences>({ version: PREFERENCES_STORAGE_VERSION, isValid: isPreferences }),
      partialize: ({ colorMode, sidebarCollapsed }) => ({ colorMode, sidebarCollapsed }),
    },
  ),
);
