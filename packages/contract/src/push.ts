import { z } from "zod";
import { PageQuerySchema, pageOf } from "./common";

/**
 * The reminders a device can get as push notifications (decision 066), when their e-mails go: before
 * a booking starts (REMINDER_BEFORE_START_MINUTES), before it ends (REMINDER_BEFORE_END_MINUTES),
 * before a monthly pass renews (its reminder, days ahead), and before a vehicle document expires
 * (30 and 7 days ahead).
 */
export const PUSH_REMINDERS = ["booking_start", "booking_end", "pass_renewal", "document_expiry"] as const;
export type PushReminder = (typeof PUSH_REMINDERS)[number];

/** A push service's address for one device: https, or http on this machine (a local push service). */
const endpoint = z
  .url({ error: "endpoint must be the push service's address", protocol: /^https?$/ })
  .max(2048, { error: "endpoint is too long" })
  .refine((u) => u.startsWith("https://") || /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\//.test(u), {
    error: "endpoint must be an https address",
  });

/** A key the browser gave, base64url (RFC 8291: the P-256 public key, the 16-byte secret). */
const key = (error: string, max: number) =>
  z
    .string({ error })
    .min(16, { error })
    .max(max, { error })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error });

/** What the browser's PushSubscription.toJSON() gives, and the reminders chosen for the device. */
export const PushSubscriptionInputSchema = z.object({
  endpoint,
  keys: z.object({
    p256dh: key("keys.p256dh must be the browser's public key", 128),
    auth: key("keys.auth must be the browser's secret", 64),
  }),
  reminders: z
    .array(z.enum(PUSH_REMINDERS, { error: "Choose among the reminders offered" }))
    .max(PUSH_REMINDERS.length)
    .refine((r) => new Set(r).size === r.length, { error: "A reminder is chosen twice" }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;

/**
 * A device's new subscription in place of the one its push service replaced (the service worker's
 * `pushsubscriptionchange`, no one signed in there): the old endpoint, an address only that device
 * and this server know, names the record; its account and reminders stay.
 */
export const PushSubscriptionRenewalSchema = PushSubscriptionInputSchema.omit({ reminders: true }).extend({
  old_endpoint: z
    .string({ error: "old_endpoint must be the replaced subscription's address" })
    .min(1, { error: "old_endpoint must be the replaced subscription's address" })
    .max(2048, { error: "endpoint is too long" }),
});
export type PushSubscriptionRenewal = z.infer<typeof PushSubscriptionRenewalSchema>;

export const PushSubscriptionSchema = z.object({
  id: z.uuid(),
  endpoint: z.string(),
  reminders: z.array(z.enum(PUSH_REMINDERS)),
  created_at: z.string(),
});
export type PushSubscription = z.infer<typeof PushSubscriptionSchema>;

export const PushSubscriptionPageSchema = pageOf(PushSubscriptionSchema);

/** The devices' list: all of the caller's, or the one at `endpoint` (this device's). */
export const PushSubscriptionQuerySchema = PageQuerySchema.extend({
  endpoint: z.string().max(2048, { error: "endpoint is too long" }).optional(),
});

/** Whether this server sends push notifications, and the key a browser subscribes with (VAPID). */
export const PushConfigSchema = z.object({ public_key: z.string().nullable() });
export type PushConfig = z.infer<typeof PushConfigSchema>;
