/**
 * Sending one Web Push message (RFC 8030), encrypted for the device (RFC 8291, aes128gcm) and
 * signed with the server's VAPID key (RFC 8292): the web-push library writes the request, and it
 * is sent here with fetch and a time limit (the library's own sender speaks https only, and has
 * none by default).
 */
import webpush from "web-push";

export interface PushKeys {
  publicKey: string;
  privateKey: string;
  /** A contact for the push services: mailto: or https:. */
  subject: string;
}

/** One device's subscription: its push service's address and its keys. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushMessage {
  /** What the service worker shows (apps/web/sw/sw.ts): a title, a line, and the page it opens. */
  title: string;
  body: string;
  url: string;
  /** One notification per tag on the device: a newer one with the same tag replaces it. */
  tag: string;
}

/** Sent; or `gone`: the push service no longer knows the device (404, 410), to be forgotten. */
export type PushOutcome = "sent" | "gone";

export interface PushSender {
  publicKey: string;
  send(target: PushTarget, message: PushMessage, options: { ttlSeconds: number }): Promise<PushOutcome>;
}

/** How long a push service may take to answer. */
const PUSH_TIMEOUT_MS = 10_000;

export function pushSender(keys: PushKeys): PushSender {
  return {
    publicKey: keys.publicKey,
    async send(target, message, { ttlSeconds }) {
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(message),
        {
          vapidDetails: keys,
          TTL: ttlSeconds,
          urgency: "high",
          contentEncoding: "aes128gcm",
        },
      );
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      );
      const res = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: request.body ? new Uint8Array(request.body) : null,
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
      if (res.status === 404 || res.status === 410) return "gone";
      if (!res.ok) {
        const text = (await res.text().catch(() => "")).slice(0, 200);
        throw new Error(`the push service answered ${res.status}: ${text}`);
      }
      await res.body?.cancel();
      return "sent";
    },
  };
}

/** The server's sender, or null when it has no VAPID keys (no push notification is offered). */
export function pushSenderOf(config: {
  VAPID_PUBLIC_KEY?: string | undefined;
  VAPID_PRIVATE_KEY?: string | undefined;
  VAPID_SUBJECT?: string | undefined;
}): PushSender | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = config;
  return publicKey && privateKey && subject ? pushSender({ publicKey, privateKey, subject }) : null;
}
