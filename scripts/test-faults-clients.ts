/**
 * test:faults' clients: a request that never throws, the retry of what got no definite answer with
 * the same Idempotency-Key, a wallet top-up through the Paystack fake and a booking, counted in a Tally.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { PaystackFake } from "../apps/api/src/test/fakes/paystack-fake";
import { sleep } from "./test-faults-services";

export const CLIENTS = 24;
const HOUR = 3_600_000;

export interface Tally {
  sent: number;
  failed: number;
  retried: number;
  refusals: Record<string, number>;
  /** 503 answers in the API's shape (from a process or HAProxy's errorfile) with the message. */
  unavailableSeen: number;
  bookingKeys: Set<string>;
  topUpKeys: Map<string, string>;
  /** Public reads (the search, a park's page) sent once each, never retried, and their 5xx answers. */
  reads: number;
  readErrors: number;
}

export const UNAVAILABLE = "Parkwell is briefly unavailable. Please try again in a moment.";
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS * 2 });

export interface Answer {
  status: number;
  body: Record<string, unknown> | null;
}

export function request(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        timeout: 20_000,
        headers: { ...headers, ...(body ? { "content-type": "application/json" } : {}) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => {
          let parsed: Record<string, unknown> | null;
          try {
            parsed = JSON.parse(text) as Record<string, unknown>;
          } catch {
            parsed = null;
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
        res.on("error", () => resolve({ status: 0, body: null }));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve({ status: 0, body: null }));
    req.end(body);
  });
}

/**
 * Sends until the answer is definite (2xx or 4xx); a 5xx or a connection error is retried, the
 * same request with the same headers, after a short pause. Gives up after `budgetMs`.
 */
async function definite(tally: Tally, send: () => Promise<Answer>, budgetMs = 60_000): Promise<Answer> {
  const until = Date.now() + budgetMs;
  for (let attempt = 0; ; attempt += 1) {
    if (attempt > 0) tally.retried += 1;
    const answer = await send();
    if (answer.status === 503 && answer.body?.code === "unavailable" && answer.body.message === UNAVAILABLE) {
      tally.unavailableSeen += 1;
    }
    if (answer.status >= 200 && answer.status < 500) return answer;
    if (Date.now() > until) return answer;
    await sleep(200 + Math.random() * 300);
  }
}

export interface User {
  id: string;
  token: string;
}

export async function topUp(
  base: string,
  fake: PaystackFake,
  user: User,
  amount: number,
  tally: Tally,
): Promise<boolean> {
  const key = `topup-${randomBytes(8).toString("hex")}`;
  const auth = { authorization: `Bearer ${user.token}` };
  const started = await definite(tally, () =>
    request(
      `${base}/api/v1/wallet/add-funds`,
      "POST",
      { ...auth, "idempotency-key": key },
      JSON.stringify({ amount }),
    ),
  );
  if (started.status !== 200) return refused(tally, `add-funds ${started.status}`);
  const reference = (started.body?.data as { reference?: string } | undefined)?.reference;
  if (!reference) return refused(tally, "add-funds without a reference");
  fake.complete(reference);
  // Verifying is safe to repeat (one credit per payment), so it is retried without a key.
  const verified = await definite(tally, () =>
    request(
      `${base}/api/v1/wallet/verify-payment?payment_reference=${encodeURIComponent(reference)}&payment_provider=paystack`,
      "POST",
      auth,
    ),
  );
  if (verified.status !== 200 || verified.body?.status !== "success") {
    return refused(tally, `verify ${verified.status} ${String(verified.body?.status)}`);
  }
  tally.topUpKeys.set(key, reference);
  return true;
}

/**
 * A visitor's public read, sent once (a read is not retried here: the API must answer it itself):
 * the search or a park's page, which go to the read replica while it is in rotation.
 */
export async function browse(base: string, parks: number[], tally: Tally): Promise<void> {
  const park = parks[Math.floor(Math.random() * parks.length)];
  const url =
    Math.random() < 0.5
      ? `${base}/api/v1/parks/front/parks/?country=NG`
      : `${base}/api/v1/front/parks/${park}`;
  const answer = await request(url, "GET", {});
  tally.reads += 1;
  if (answer.status >= 500 || answer.status === 0) tally.readErrors += 1;
}

function refused(tally: Tally, why: string): false {
  tally.failed += 1;
  tally.refusals[why] = (tally.refusals[why] ?? 0) + 1;
  return false;
}

export async function book(base: string, user: User, parks: number[], tally: Tally): Promise<void> {
  const key = `book-${randomBytes(8).toString("hex")}`;
  // Two hours ahead at least: the start reminder (60 minutes before, by default) of a booking made
  // in the run's last minutes before an hour struck would otherwise be sent during the run, its
  // subject naming the booking, and be counted as a second confirmation (seen at 00:59 UTC).
  const from = Math.ceil(Date.now() / HOUR) * HOUR + 2 * HOUR;
  const start = from + Math.floor(Math.random() * 5 * 24 * 4) * 15 * 60_000;
  const end = start + (1 + Math.floor(Math.random() * 3)) * HOUR;
  const body = JSON.stringify({
    park_id: parks[Math.floor(Math.random() * parks.length)],
    vehicle_type_id: 1,
    start_time: new Date(start).toISOString(),
    end_time: new Date(end).toISOString(),
  });
  const answer = await definite(tally, () =>
    request(
      `${base}/api/v1/bookings`,
      "POST",
      { authorization: `Bearer ${user.token}`, "idempotency-key": key },
      body,
    ),
  );
  if (answer.status === 201) tally.bookingKeys.add(key);
  else refused(tally, `booking ${answer.status} ${String(answer.body?.code)}`);
}
