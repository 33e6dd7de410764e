import { createHmac } from "node:crypto";
import { deliver, nextId, startFake, type RunningFake } from "./fake-server";

interface Tx {
  id: number;
  reference: string;
  amount: number;
  currency: string;
  email: string;
  status: "abandoned" | "success" | "failed";
  metadata: unknown;
}

export interface PaystackFake extends RunningFake {
  transactions: Map<string, Tx>;
  /** The customer pays (or fails); `amount` lets a test make the provider report a different amount. */
  complete(reference: string, outcome?: "success" | "failed", amount?: number): void;
  /** POSTs a signed charge.success for the transaction to `url`; returns the HTTP status. */
  sendWebhook(reference: string, url: string, secret?: string): Promise<number>;
  webhookBody(reference: string): string;
}

/** Paystack's transaction API as Paystack documents it, with state, on loopback. */
export async function startPaystackFake(secretKey: string): Promise<PaystackFake> {
  const transactions = new Map<string, Tx>();
  let ids = 1000;
  const fake = await startFake((req) => {
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return { status: 401, body: { status: false, message: "Invalid key" } };
    if (req.method === "POST" && req.path === "/transaction/initialize") {
      const b = JSON.parse(req.body) as {
        email?: string;
        amount?: number | string;
        currency?: string;
        reference?: string;
        metadata?: unknown;
      };
      const amount = Number(b.amount);
      if (!b.email || !Number.isInteger(amount) || amount <= 0) {
        return {
          status: 400,
          body: { status: false, message: "Invalid amount or email", type: "validation_error" },
        };
      }
      const reference = b.reference ?? nextId("ps_");
      if (!/^[A-Za-z0-9.=-]+$/.test(reference))
        return { status: 400, body: { status: false, message: "Invalid reference" } };
      if (transactions.has(reference)) {
        return {
          status: 400,
          body: {
            status: false,
            message: "Duplicate Transaction Reference",
            type: "validation_error",
            code: "duplicate_reference",
          },
        };
      }
      const access = nextId("ac");
      transactions.set(reference, {
        id: ids++,
        reference,
        amount,
        currency: b.currency ?? "NGN",
        email: b.email,
        status: "abandoned",
        metadata: b.metadata ?? "",
      });
      return {
        status: 200,
        body: {
          status: true,
          message: "Authorization URL created",
          data: { authorization_url: `${fake.url}/checkout/${access}`, access_code: access, reference },
        },
      };
    }
    const verify = /^\/transaction\/verify\/([^/?]+)$/.exec(req.path);
    if (req.method === "GET" && verify) {
      const tx = transactions.get(decodeURIComponent(verify[1]!));
      if (!tx) return { status: 404, body: { status: false, message: "Transaction reference not found" } };
      return {
        status: 200,
        body: {
          status: true,
          message: "Verification successful",
          data: { ...tx, gateway_response: tx.status === "success" ? "Successful" : "" },
        },
      };
    }
    return { status: 404, body: { status: false, message: "Not found" } };
  });
  const body = (reference: string) =>
    JSON.stringify({ event: "charge.success", data: transactions.get(reference) });
  return Object.assign(fake, {
    transactions,
    complete(reference: string, outcome: "success" | "failed" = "success", amount?: number) {
      const tx = transactions.get(reference);
      if (!tx) throw new Error(`no Paystack transaction ${reference}`);
      tx.status = outcome;
      if (amount !== undefined) tx.amount = amount;
    },
    webhookBody: body,
    sendWebhook(reference: string, url: string, secret = secretKey) {
      const raw = body(reference);
      return deliver(url, raw, {
        "x-paystack-signature": createHmac("sha512", secret).update(raw).digest("hex"),
      });
    },
  });
}
