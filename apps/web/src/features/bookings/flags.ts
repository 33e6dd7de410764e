import { useEffect, useSyncExternalStore } from "react";

/**
 * The booking flags: `bookingCreated` after a booking is made, `bookingUpdated` after an
 * extension, cancellation or renewal. Each has a reset, called when its message is dismissed or
 * the page that shows it is left.
 */
export interface BookingFlags {
  bookingCreated: boolean;
  bookingUpdated: boolean;
}

let flags: BookingFlags = { bookingCreated: false, bookingUpdated: false };
const listeners = new Set<() => void>();

function set(next: Partial<BookingFlags>): void {
  flags = { ...flags, ...next };
  for (const l of listeners) l();
}

export const markBookingCreated = () => set({ bookingCreated: true });
export const resetBookingCreated = () => set({ bookingCreated: false });
export const markBookingUpdated = () => set({ bookingUpdated: true });
export const resetBookingUpdated = () => set({ bookingUpdated: false });
export const getBookingFlags = () => flags;

export function useBookingFlags(): BookingFlags {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getBookingFlags,
    getBookingFlags,
  );
}

const pending = new Map<() => void, ReturnType<typeof setTimeout>>();

/**
 * Runs `reset` when the page that shows a flag is left. Deferred one tick and cancelled by a
 * remount, so React's development double mount does not clear the flag before it is seen.
 */
export function useResetOnLeave(reset: () => void): void {
  useEffect(() => {
    clearTimeout(pending.get(reset));
    return () => {
      pending.set(reset, setTimeout(reset, 0));
    };
  }, [reset]);
}
