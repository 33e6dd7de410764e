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

export interface WaveFake extends RunningFake {
  sessions: Map<string, Session>;
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
