import { createHmac } from "node:crypto";
import { deliver, nextId, startFake, type RunningFake } from "./fake-server";

interface Session {
  id: string;
  amount: string;
  currency: string;
  client_reference: string | null;
  checkout_status: "open" | "complete" | "expired";
  payment_status: "processing" | "cancelled" | "succeeded";
  last_payment_error: { code: string; message: string } | null;
  success_url: string;
  error_url: string;
  wave_launch_url: string;
}

interface Payout {
  id: string;
  currency: string;
  receive_amount: string;
  fee: string;
  mobile: string;
  name: string;
  client_reference: string | null;
  payment_reason: string | null;
  status: "processing" | "succeeded" | "failed" | "reversed";
  timestamp: string;
  payout_error: { error_code: string; error_message: string } | null;
}

export interface WaveFake extends RunningFake {
  sessions: Map<string, Session>;
  payouts: Map<string, Payout>;
  /** Wave finishes a payout: succeeded, failed (with its error) or reversed. */
  settlePayout(id: string, status: "succeeded" | "failed" | "reversed", message?: string): void;
  complete(id: string, amount?: string): void;
  /** An attempt fails (a declined or cancelled payment in the app); the session stays open until it expires. */
  fail(id: string): void;
  sendWebhook(
    id: string,
    url: string,
    secret: string,
    opts?: { timestamp?: number; type?: string },
  ): Promise<number>;
}

/** Wave's Checkout API: string amounts in whole XOF, `t=,v1=` signed webhooks. */
export async function startWaveFake(apiKey: string): Promise<WaveFake> {
  const sessions = new Map<string, Session>();
  const payouts = new Map<string, Payout>();
  const payoutByKey = new Map<string, string>();
  const fake = await startFake((req) => {
    if (req.headers.authorization !== `Bearer ${apiKey}`)
      return { status: 401, body: { code: "invalid-auth", message: "Invalid API key" } };
    if (req.method === "POST" && req.path === "/v1/checkout/sessions") {
      const b = JSON.parse(req.body) as Partial<Session>;
      if (
        typeof b.amount !== "string" ||
        !/^\d+$/.test(b.amount) ||
        b.currency !== "XOF" ||
        !b.success_url ||
        !b.error_url
      ) {
        return {
          status: 400,
          body: { code: "request-validation-error", message: "Invalid checkout session" },
        };
      }
      const id = nextId("cos-");
      const s: Session = {
        id,
        amount: b.amount,
        currency: "XOF",
        client_reference: b.client_reference ?? null,
        checkout_status: "open",
        payment_status: "processing",
        last_payment_error: null,
        success_url: b.success_url,
        error_url: b.error_url,
        wave_launch_url: `${fake.url}/c/${id}`,
      };
      sessions.set(id, s);
      return { status: 200, body: s };
    }
    if (req.method === "POST" && req.path === "/v1/payout") {
      const key = req.headers["idempotency-key"];
      if (typeof key !== "string" || !key) {
        return {
          status: 400,
          body: { code: "missing-idempotency-key", message: "idempotency-key header is required" },
        };
      }
      const earlier = payoutByKey.get(key);
      if (earlier) return { status: 200, body: payouts.get(earlier) };
      const b = JSON.parse(req.body) as Partial<Payout>;
      if (
        b.currency !== "XOF" ||
        typeof b.receive_amount !== "string" ||
        !/^\d+$/.test(b.receive_amount) ||
        typeof b.mobile !== "string" ||
        !/^\+[1-9]\d{7,14}$/.test(b.mobile) ||
        !b.name
      ) {
        return { status: 400, body: { code: "request-validation-error", message: "Invalid payout" } };
      }
      const p: Payout = {
        id: nextId("pt-"),
        currency: "XOF",
        receive_amount: b.receive_amount,
        fee: "0",
        mobile: b.mobile,
        name: b.name,
        client_reference: b.client_reference ?? null,
        payment_reason: b.payment_reason ?? null,
        status: "processing",
        timestamp: new Date().toISOString(),
        payout_error: null,
      };
      payouts.set(p.id, p);
      payoutByKey.set(key, p.id);
      return { status: 200, body: p };
    }
    const payout = /^\/v1\/payout\/([^/?]+)$/.exec(req.path);
    if (req.method === "GET" && payout) {
      const p = payouts.get(decodeURIComponent(payout[1]!));
      return p
        ? { status: 200, body: p }
        : { status: 404, body: { code: "not-found", message: "Payout not found" } };
    }
    const get = /^\/v1\/checkout\/sessions\/([^/?]+)$/.exec(req.path);
    if (req.method === "GET" && get) {
      const s = sessions.get(decodeURIComponent(get[1]!));
      return s
        ? { status: 200, body: s }
        : { status: 404, body: { code: "not-found", message: "Checkout session not found" } };
    }
    return { status: 404, body: { code: "not-found", message: "Not found" } };
  });
  return Object.assign(fake, {
    sessions,
    payouts,
    settlePayout(id: string, status: "succeeded" | "failed" | "reversed", message?: string) {
      const p = payouts.get(id);
      if (!p) throw new Error(`no Wave payout ${id}`);
      p.status = status;
      p.payout_error =
        status === "succeeded"
          ? null
          : {
              error_code: status === "failed" ? "recipient-limit-exceeded" : "payout-reversed",
              error_message: message ?? "The payout did not go through",
            };
    },
    complete(id: string, amount?: string) {
      const s = sessions.get(id);
      if (!s) throw new Error(`no Wave session ${id}`);
      s.checkout_status = "complete";
      s.payment_status = "succeeded";
      s.last_payment_error = null;
      if (amount !== undefined) s.amount = amount;
    },
    fail(id: string) {
      const s = sessions.get(id);
      if (!s) throw new Error(`no Wave session ${id}`);
      s.payment_status = "cancelled";
      s.last_payment_error = { code: "insufficient-funds", message: "The payer's balance is too low" };
    },
    sendWebhook(id: string, url: string, secret: string, opts: { timestamp?: number; type?: string } = {}) {
      const timestamp = opts.timestamp ?? Math.floor(Date.now() / 1000);
      const raw = JSON.stringify({
        id: nextId("AE_sn_"),
        type: opts.type ?? "checkout.session.completed",
        data: sessions.get(id),
      });
      const v1 = createHmac("sha256", secret).update(`${timestamp}${raw}`).digest("hex");
      return deliver(url, raw, { "wave-signature": `t=${timestamp},v1=${v1}` });
    },
  });
}
