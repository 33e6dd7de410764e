/**
 * A map of small records kept in sessionStorage under one key (`{ [name]: value }`), for what a
 * browser session holds per event: the private events' grants (event-access.ts), a place in an
 * on-sale's line (features/bookings/event-line.ts). A value that is not well formed is dropped on
 * reading; storage that refuses (private mode, quota) leaves the map as it was read.
 */
export interface SessionMap<V> {
  get(name: string): V | undefined;
  set(name: string, value: V): void;
  delete(name: string): void;
}

export function sessionMap<V>(storageKey: string, isValue: (value: unknown) => value is V): SessionMap<V> {
  const readAll = (): Record<string, V> => {
    try {
      const parsed: unknown = JSON.parse(window.sessionStorage.getItem(storageKey) ?? "{}");
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
      return Object.fromEntries(
        Object.entries(parsed).filter((entry): entry is [string, V] => isValue(entry[1])),
      );
    } catch {
      return {};
    }
  };
  const writeAll = (all: Record<string, V>): void => {
    try {
      if (Object.keys(all).length === 0) window.sessionStorage.removeItem(storageKey);
      else window.sessionStorage.setItem(storageKey, JSON.stringify(all));
    } catch {
      // Storage refused: the value lasts as long as the page that holds it.
    }
  };
  return {
    get: (name) => (typeof window === "undefined" ? undefined : readAll()[name]),
    set: (name, value) => writeAll({ ...readAll(), [name]: value }),
    delete(name) {
      const all = readAll();
      if (!(name in all)) return;
      delete all[name];
      writeAll(all);
    },
  };
}
