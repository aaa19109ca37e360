/** localStorage that never throws (private mode, blocked storage): reads fall back, writes are dropped. */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* storage unavailable */
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* storage unavailable */
    }
  },
  getJson<T>(key: string, fallback: T): T {
    const raw = storage.get(key);
    if (raw === null) return fallback;
    try {
      const value = JSON.parse(raw) as unknown;
      return value !== null && typeof value === typeof fallback ? (value as T) : fallback;
    } catch {
      return fallback;
    }
  },
};
