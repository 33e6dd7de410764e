import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { deliver, nextId, startFake, type FakeReply, type RunningFake } from "./fake-server";
import {
  stripeCardsFake,
  type CardIntent,
  type StripeCard,
  type StripeCardsState,
} from "./stripe-fake-cards";

export type {
  Customer,
  PaymentMethod,
  StripeCard,
  StripeCardsState,
  StripeDeclineCode,
} from "./stripe-fake-cards";

interface Intent extends CardIntent {
  object: "payment_intent";
  currency: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  livemode: false;
  created: number;
}

interface ConnectedAccount {
  id: string;
  object: "account";
  business_profile: { name: string | null };
  capabilities: { transfers: "active" | "inactive" | "pending" };
  charges_enabled: boolean;
  payouts_enabled: boolean;
  default_currency: string;
  email: string | null;
}

interface Transfer {
  id: string;
  object: "transfer";
  amount: number;
  amount_reversed: number;
  currency: string;
  destination: string;
  description: string | null;
  metadata: Record<string, string>;
  reversed: boolean;
  created: number;
  livemode: false;
}

/** Stripe's API on loopback, with customers and saved cards (StripeCardsState: stripe-fake-cards.ts). */
export interface StripeFake extends RunningFake, StripeCardsState {
  intents: Map<string, Intent>;
  accounts: Map<string, ConnectedAccount>;
  transfers: Map<string, Transfer>;
  /** A connected account the fake knows (`transfers` capability active unless said otherwise). */
  addAccount(id: string, name: string, transfers?: ConnectedAccount["capabilities"]["transfers"]): void;
  /** `balanceShort`: the platform's balance cannot cover a transfer while it is set. */
  state: { balanceShort: boolean };
  /** Reverses a transfer in full, as the platform or Stripe would. */
  reverse(id: string): void;
  sendTransferWebhook(
    id: string,
    type: "transfer.created" | "transfer.reversed",
    url: string,
    secret: string,
  ): Promise<number>;
  /**
   * The card is confirmed; `amountReceived` lets a test make Stripe report another amount. The card
   * (visa 4242 12/2030 unless given) becomes a PaymentMethod, kept on the intent's customer when
   * the intent was created with setup_future_usage and a customer.
   */
  succeed(id: string, amountReceived?: number, card?: StripeCard): void;
  /** The card is declined: as at Stripe, the intent goes back to requires_payment_method, still payable. */
  decline(id: string): void;
  sendWebhook(
    id: string,
    url: string,
    secret: string,
    opts?: { type?: string; timestamp?: number; eventId?: string },
  ): Promise<number>;
}

/** `a[b][c]=v` form bodies (as stripe-node sends them) into nested objects. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node = out as Record<string, unknown>;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

const error = (status: number, type: string, message: string): FakeReply => ({
  status,
  body: { error: { type, message } },
});

/** A stateful PaymentIntents API for the official SDK pointed at loopback. */
export async function startStripeFake(secretKey: string): Promise<StripeFake> {
  const intents = new Map<string, Intent>();
  const accounts = new Map<string, ConnectedAccount>();
  const transfers = new Map<string, Transfer>();
  const byKey = new Map<string, FakeReply>();
  const state = { balanceShort: false };
  const cards = stripeCardsFake();
  const fake = await startFake((req) => {
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return error(401, "invalid_request_error", "Invalid API Key provided");
    const cardReply = cards.route(req, () => parseForm(req.body));
    if (cardReply) return cardReply;
    if (req.method === "POST" && req.path === "/v1/payment_intents") {
      const key = req.headers["idempotency-key"];
      if (typeof key === "string" && byKey.has(key)) return byKey.get(key)!;
      const p = parseForm(req.body);
      const amount = Number(p.amount);
      if (
        !Number.isInteger(amount) ||
        amount < 1 ||
        typeof p.currency !== "string" ||
        p.currency !== p.currency.toLowerCase()
      ) {
        return error(400, "invalid_request_error", "Invalid amount or currency");
      }
      const saved = cards.intentFields(p);
      if ("reply" in saved) return saved.reply;
      const id = nextId("pi_");
      const intent: Intent = {
        id,
        object: "payment_intent",
        amount,
        amount_received: 0,
        currency: p.currency,
        status: saved.fields.payment_method ? "requires_confirmation" : "requires_payment_method",
        last_payment_error: null,
        client_secret: `${id}_secret_${randomBytes(8).toString("hex")}`,
        description: typeof p.description === "string" ? p.description : null,
        metadata: (p.metadata ?? {}) as Record<string, string>,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
        ...saved.fields,
      };
      intents.set(id, intent);
      // Confirmed at once with the customer's card: charged, or declined (402, replayed as such).
      const reply = saved.confirm
        ? cards.confirm(intent, typeof key === "string" ? key : null, saved.offSession)
        : { status: 200, body: intent };
      if (typeof key === "string") byKey.set(key, reply);
      return reply;
    }
    const account = /^\/v1\/accounts\/([^/?]+)$/.exec(req.path);
    if (req.method === "GET" && account) {
      const found = accounts.get(decodeURIComponent(account[1]!));
      return found
        ? { status: 200, body: found }
        : error(404, "invalid_request_error", `No such account: '${account[1]}'`);
    }
    if (req.method === "POST" && req.path === "/v1/transfers") {
      const key = req.headers["idempotency-key"];
      const replayKey = typeof key === "string" ? `transfer:${key}` : null;
      if (replayKey && byKey.has(replayKey)) return byKey.get(replayKey)!;
      const p = parseForm(req.body);
      const amount = Number(p.amount);
      const destination = typeof p.destination === "string" ? accounts.get(p.destination) : undefined;
      if (!Number.isInteger(amount) || amount < 1 || typeof p.currency !== "string") {
        return error(400, "invalid_request_error", "Invalid amount or currency");
      }
      if (!destination) return error(400, "invalid_request_error", "No such destination");
      if (destination.capabilities.transfers !== "active") {
        return error(
          400,
          "invalid_request_error",
          "Your destination account needs to have the transfers capability enabled",
        );
      }
      if (state.balanceShort) {
        return error(400, "invalid_request_error", "You have insufficient funds in your Stripe account");
      }
      const t: Transfer = {
        id: nextId("tr_"),
        object: "transfer",
        amount,
        amount_reversed: 0,
        currency: p.currency,
        destination: destination.id,
        description: typeof p.description === "string" ? p.description : null,
        metadata: (p.metadata ?? {}) as Record<string, string>,
        reversed: false,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      transfers.set(t.id, t);
      const reply = { status: 200, body: t };
      if (replayKey) byKey.set(replayKey, reply);
      return reply;
    }
    const transfer = /^\/v1\/transfers\/([^/?]+)$/.exec(req.path);
    if (req.method === "GET" && transfer) {
      const found = transfers.get(decodeURIComponent(transfer[1]!));
      return found ? { status: 200, body: found } : error(404, "invalid_request_error", "No such transfer");
    }
    const get = /^\/v1\/payment_intents\/([^/?]+)/.exec(req.path);
    if (req.method === "GET" && get) {
      const intent = intents.get(decodeURIComponent(get[1]!));
      return intent
        ? { status: 200, body: cards.expanded(intent, req.path) }
        : error(404, "invalid_request_error", "No such payment_intent");
    }
    return error(404, "invalid_request_error", "Unrecognized request URL");
  });
  return Object.assign(fake, {
    ...cards.state,
    intents,
    accounts,
    transfers,
    state,
    addAccount(
      id: string,
      name: string,
      capability: ConnectedAccount["capabilities"]["transfers"] = "active",
    ) {
      accounts.set(id, {
        id,
        object: "account",
        business_profile: { name },
        capabilities: { transfers: capability },
        charges_enabled: capability === "active",
        payouts_enabled: capability === "active",
        default_currency: "usd",
        email: null,
      });
    },
    reverse(id: string) {
      const t = transfers.get(id);
      if (!t) throw new Error(`no transfer ${id}`);
      t.amount_reversed = t.amount;
      t.reversed = true;
    },
    sendTransferWebhook(
      id: string,
      type: "transfer.created" | "transfer.reversed",
      url: string,
      secret: string,
    ) {
      const payload = JSON.stringify({
        id: nextId("evt_"),
        object: "event",
        type,
        data: { object: transfers.get(id) },
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      });
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
      return deliver(url, payload, { "stripe-signature": header });
    },
    succeed(id: string, amountReceived?: number, card?: StripeCard) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no PaymentIntent ${id}`);
      intent.status = "succeeded";
      intent.last_payment_error = null;
      intent.amount_received = amountReceived ?? intent.amount;
      cards.saveCard(intent, card);
    },
    decline(id: string) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no PaymentIntent ${id}`);
      intent.status = "requires_payment_method";
      intent.last_payment_error = { code: "card_declined", message: "Your card was declined." };
    },
    sendWebhook(
      id: string,
      url: string,
      secret: string,
      opts: { type?: string; timestamp?: number; eventId?: string } = {},
    ) {
      const payload = JSON.stringify({
        id: opts.eventId ?? nextId("evt_"),
        object: "event",
        type: opts.type ?? "payment_intent.succeeded",
        data: { object: intents.get(id) },
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      });
      // Signed by the official SDK, so our check is proven against Stripe's own algorithm.
      const header = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret,
        ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
      });
      return deliver(url, payload, { "stripe-signature": header });
    },
  });
}
