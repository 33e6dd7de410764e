/**
 * This device's push notifications (decision 066): whether the browser can have them, the
 * server's key, the device's subscription at its browser's push service, and its record on the
 * server with the reminders chosen for it. The service worker shows what arrives (sw/sw.ts).
 */
import type { PushReminder, PushSubscription as DeviceRecord } from "@parkwell/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "./api";

/** Push needs a service worker, the Push API and notifications (iOS: only once added to the home screen). */
export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

export const pushConfigQuery = queryOptions({
  queryKey: ["push-config"],
  queryFn: () => api("/push-subscriptions/config"),
  staleTime: Infinity,
});

/** The subscription this browser holds, or null (none, or no service worker here yet). */
export async function browserSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** The server's record of this device (its reminders), or null when it has none. */
export async function deviceRecord(): Promise<DeviceRecord | null> {
  const held = await browserSubscription();
  if (!held) return null;
  const page = await api("/push-subscriptions", { query: { endpoint: held.endpoint } });
  return page.items[0] ?? null;
}

export class NotificationsRefused extends Error {
  constructor() {
    super("notifications refused");
  }
}

/**
 * Subscribes this device with `reminders`, or changes them: asks the browser's permission (the
 * first time), subscribes at its push service with the server's key, and sends that to the server.
 */
export async function subscribeDevice(publicKey: string, reminders: PushReminder[]): Promise<DeviceRecord> {
  if ((await Notification.requestPermission()) !== "granted") throw new NotificationsRefused();
  const reg = await navigator.serviceWorker.ready;
  const held =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
  const json = held.toJSON();
  return await api("/push-subscriptions", {
    method: "PUT",
    body: {
      endpoint: held.endpoint,
      keys: { p256dh: json.keys?.["p256dh"] ?? "", auth: json.keys?.["auth"] ?? "" },
      reminders,
    },
  });
}

/**
 * Stops notifications to this device: its record on the server, then its subscription in the
 * browser. At sign-out too (lib/logout.ts): the next account on this phone gets none of them.
 */
export async function unsubscribeDevice(): Promise<void> {
  if (!pushSupported()) return;
  const held = await browserSubscription();
  if (!held) return;
  const record = await deviceRecord().catch(() => null);
  if (record) {
    await api("/push-subscriptions/{id}", { method: "DELETE", params: { id: record.id } }).catch(
      () => undefined,
    );
  }
  await held.unsubscribe();
}
