import type { PersistStorage, StorageValue } from 'zustand/middleware';

/**
 * localStorage that never takes the app down.
 * - An entry that is not JSON, has another shape, or another version is removed and read as empty
 *   (the user is simply signed out), instead of crashing or being "migrated" into nonsense.
 * - A full (or disabled) storage only means the state is not remembered: writing never throws.
 */
export function safeJsonStorage<S>(options: { version: number; isValid(state: unknown): state is S; storage?: () => Storage | undefined }): PersistStorage<S> {
  const storage = () => {
    try {
      return options.storage ? options.storage() : globalThis.localStorage;
    } catch {
      return undefined; // e.g. storage disabled by the browser's privacy settings
    }
  };
  const remove = (name: string) => {
    try {
      storage()?.removeItem(name);
    } catch {
      /* nothing more we can do */
    }
  };
  return {
    getItem(name) {
      let raw: string | null | undefined;
      try {
        raw = storage()?.getItem(name);
      } catch {
        return null;
      }
      if (raw == null) return null;
      try {
        const parsed: unknown = JSON.parse(raw);
        if (
          typeof parsed === 'object' &&
          parsed !== null &&
          (parsed as { version?: unknown }).version === options.version &&
          options.isValid((parsed as { state?: unknown }).state)
        ) {
          return parsed as StorageValue<S>;
        }
      } catch {
        /* not JSON: fall through */
      }
      remove(name);
      return null;
    },
    setItem(name, value) {
      try {
        storage()?.setItem(name, JSON.stringify(value));
      } catch (error) {
        console.warn(`[pathforge] Could not save "${name}" in browser storage; it will last until the tab closes.`, error);
      }
    },
    removeItem: remove,
  };
}
