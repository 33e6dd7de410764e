/**
 * A local Web Push service for the tests (decision 066): the web-push-testing package's server, in
 * this process on a free port. It speaks the protocol a browser's push service speaks: a device
 * subscribes with the server's VAPID public key and gets an endpoint and keys; a message sent there
 * must carry a valid VAPID signature for that key and be encrypted for the device (aes128gcm),
 * which it decrypts and keeps; a device it was told is gone answers 410.
 */
import { createServer } from "node:net";
// @ts-expect-error: the package ships no types (its server and model, CommonJS).
import WebPushTestingServer from "web-push-testing/src/server.js";
// @ts-expect-error: as above.
import { PushApiModel } from "web-push-testing/src/PushApiModel.js";

export interface TestDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
}

export interface PushService {
  /** A new device's subscription to the server's key, as the browser's PushSubscription gives it. */
  subscribe(applicationServerKey: string): Promise<TestDevice>;
  /** What a device received, decrypted, in order. */
  received(device: TestDevice): Promise<string[]>;
  /** The device unsubscribed: the service answers 410 for it from now on. */
  expire(device: TestDevice): Promise<void>;
  close(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export async function startPushService(): Promise<PushService> {
  const port = await freePort();
  const server = new WebPushTestingServer(new PushApiModel(), port) as {
    startServer(): void;
    _server: { close(cb: () => void): void; once(e: string, cb: () => void): void; listening: boolean };
  };
  // Its start prints a line; the test's output is not the place for it.
  const log = console.log;
  console.log = () => {};
  try {
    server.startServer();
    if (!server._server.listening) await new Promise<void>((r) => server._server.once("listening", r));
  } finally {
    console.log = log;
  }
  const base = `http://localhost:${port}`;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`the push service answered ${res.status} to ${path}: ${await res.text()}`);
    return res;
  };
  return {
    async subscribe(applicationServerKey) {
      const res = await post("/subscribe", { applicationServerKey });
      return ((await res.json()) as { data: TestDevice }).data;
    },
    async received(device) {
      const res = await post("/get-notifications", { clientHash: device.clientHash });
      return ((await res.json()) as { data: { messages: string[] } }).data.messages;
    },
    async expire(device) {
      await post(`/expire-subscription/${device.clientHash}`, {});
    },
    close: () => new Promise<void>((resolve) => server._server.close(() => resolve())),
  };
}
