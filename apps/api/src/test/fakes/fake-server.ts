import http from "node:http";
import type { AddressInfo } from "node:net";

/** How a fake provider behaves right now: tests switch it to down or slow mid-run. */
export interface FakeBehaviour {
  mode: "ok" | "down" | "slow";
  /** Delay for "slow", in ms. */
  delayMs: number;
  /** While set, every request waits until it is released (holdRequests). */
  hold?: { arrived(req: FakeRequest): void; released: Promise<void>; release(): void } | undefined;
}

/**
 * Holds the fake's next requests open until `release()`: `arrived` resolves with the first one
 * received, so a test knows a call is at the provider (no timing involved).
 */
export function holdRequests(fake: RunningFake): { arrived: Promise<FakeRequest>; release(): void } {
  let arrived!: (req: FakeRequest) => void;
  let release!: () => void;
  const first = new Promise<FakeRequest>((resolve) => (arrived = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const end = () => {
    if (fake.behaviour.hold?.released === released) fake.behaviour.hold = undefined;
    release();
  };
  fake.behaviour.hold = { arrived, released, release: end };
  return { arrived: first, release: end };
}

export interface FakeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
export type FakeReply = { status: number; body: unknown };

export interface RunningFake {
  url: string;
  behaviour: FakeBehaviour;
  /** Every request received, for assertions on the wire format. */
  requests: FakeRequest[];
  close(): Promise<void>;
}

/** A loopback HTTP server in front of a provider's state machine. */
export async function startFake(
  route: (req: FakeRequest) => FakeReply | Promise<FakeReply>,
): Promise<RunningFake> {
  const behaviour: FakeBehaviour = { mode: "ok", delayMs: 0 };
  const requests: FakeRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => void respond());
    const respond = async () => {
      const fr: FakeRequest = {
        method: req.method ?? "GET",
        path: req.url ?? "/",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(fr);
      const hold = behaviour.hold;
      if (hold) {
        hold.arrived(fr);
        await hold.released;
      }
      if (behaviour.mode === "slow") await new Promise((r) => setTimeout(r, behaviour.delayMs));
      if (res.destroyed) return;
      const reply =
        behaviour.mode === "down"
          ? { status: 503, body: { status: false, message: "Service unavailable" } }
          : await route(fr);
      res.writeHead(reply.status, { "content-type": "application/json" });
      res.end(JSON.stringify(reply.body));
    };
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    behaviour,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Delivers a webhook the way a provider does: a POST of exact bytes with signature headers. */
export async function deliver(url: string, body: string, headers: Record<string, string>): Promise<number> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
  await res.arrayBuffer();
  return res.status;
}

let n = 0;
export const nextId = (prefix: string) => `${prefix}${Date.now().toString(36)}${(n++).toString(36)}`;
