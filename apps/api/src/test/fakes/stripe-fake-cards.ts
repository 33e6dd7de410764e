import { nextId, type FakeReply, type FakeRequest } from "./fake-server";

/** A card PaymentMethod as Stripe returns it; `customer` is null once detached (or never attached). */
export interface PaymentMethod {
  id: string;
  object: "payment_method";
  type: "card";
  card: {
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    country: string;
    funding: string;
  };
  customer: string | null;
  billing_details: { address: null; email: null; name: null; phone: null };
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface Customer {
  id: string;
  object: "customer";
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Record<string, string>;
  invoice_settings: { default_payment_method: string | null };
  created: number;
  livemode: false;
}

/** Why a payment method's charges fail while a test has set it so. */
export type StripeDeclineCode = "card_declined" | "authentication_required";

/** The card a test pays with (visa 4242, 12/2030, unless said otherwise). */
export interface StripeCard {
  brand?: string;
  last4?: string;
  exp_month?: number;
  exp_year?: number;
}

export interface LastPaymentError {
  type?: "card_error";
  code: string;
  decline_code?: string;
  message: string;
  payment_method?: PaymentMethod;
}

/** What a PaymentIntent holds of its customer and card (the rest is the intents' own). */
export interface CardIntent {
  id: string;
  amount: number;
  amount_received: number;
  status: string;
  last_payment_error: LastPaymentError | null;
  customer: string | null;
  payment_method: string | null;
  setup_future_usage: "off_session" | "on_session" | null;
  latest_charge: string | null;
}

/** The fields a PaymentIntent is created with for a customer's card. */
export type IntentCardFields = Pick<
  CardIntent,
  "customer" | "payment_method" | "setup_future_usage" | "latest_charge"
>;

/** The test controls of Stripe's customers and saved cards. */
export interface StripeCardsState {
  customers: Map<string, Customer>;
  paymentMethods: Map<string, PaymentMethod>;
  /** Each off-session confirmation that charged or was declined (an idempotent replay is not one). */
  offSessionCharges: Array<{ intentId: string; idempotencyKey: string | null; amount: number }>;
  /** The method's next charges fail: declined (default) or wanting the cardholder (authentication_required). */
  declineMethod(id: string, code?: StripeDeclineCode): void;
}

const now = () => Math.floor(Date.now() / 1000);

const invalid = (status: number, message: string, extra: Record<string, string> = {}): FakeReply => ({
  status,
  body: { error: { type: "invalid_request_error", message, ...extra } },
});

const DECLINES: Record<StripeDeclineCode, { decline_code: string; message: string }> = {
  card_declined: { decline_code: "generic_decline", message: "Your card was declined." },
  authentication_required: {
    decline_code: "authentication_required",
    message: "Your card was declined. This transaction requires authentication.",
  },
};

/**
 * Stripe's customers, card PaymentMethods and the confirmation of an intent with a saved card, as
 * its API gives them (the intents themselves are stripe-fake.ts's).
 */
export function stripeCardsFake() {
  const customers = new Map<string, Customer>();
  const paymentMethods = new Map<string, PaymentMethod>();
  const declines = new Map<string, StripeDeclineCode>();
  const offSessionCharges: StripeCardsState["offSessionCharges"] = [];
  const byKey = new Map<string, FakeReply>();

  const state: StripeCardsState = {
    customers,
    paymentMethods,
    offSessionCharges,
    declineMethod(id: string, code: StripeDeclineCode = "card_declined") {
      if (!paymentMethods.has(id)) throw new Error(`no PaymentMethod ${id}`);
      declines.set(id, code);
    },
  };

  /** /v1/customers and /v1/payment_methods, or null for another path. */
  function route(req: FakeRequest, form: () => Record<string, unknown>): FakeReply | null {
    const url = new URL(req.path, "http://stripe.fake");
    if (req.method === "POST" && url.pathname === "/v1/customers") {
      const key = req.headers["idempotency-key"];
      const replayKey = typeof key === "string" ? `customers:${key}` : null;
      if (replayKey && byKey.has(replayKey)) return byKey.get(replayKey)!;
      const p = form();
      const customer: Customer = {
        id: nextId("cus_"),
        object: "customer",
        email: typeof p.email === "string" ? p.email : null,
        name: typeof p.name === "string" ? p.name : null,
        description: typeof p.description === "string" ? p.description : null,
        metadata: (p.metadata ?? {}) as Record<string, string>,
        invoice_settings: { default_payment_method: null },
        created: now(),
        livemode: false,
      };
      customers.set(customer.id, customer);
      const reply = { status: 200, body: customer };
      if (replayKey) byKey.set(replayKey, reply);
      return reply;
    }
    const customer = /^\/v1\/customers\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && customer) {
      const id = decodeURIComponent(customer[1]!);
      const found = customers.get(id);
      return found
        ? { status: 200, body: found }
        : invalid(404, `No such customer: '${id}'`, { code: "resource_missing", param: "id" });
    }
    const method = /^\/v1\/payment_methods\/([^/]+)(\/detach)?$/.exec(url.pathname);
    if (method && (req.method === "GET" || (req.method === "POST" && method[2]))) {
      const id = decodeURIComponent(method[1]!);
      const pm = paymentMethods.get(id);
      if (!pm)
        return invalid(404, `No such PaymentMethod: '${id}'`, { code: "resource_missing", param: "id" });
      if (req.method === "GET") return { status: 200, body: pm };
      if (!pm.customer) {
        return invalid(
          400,
          "The payment method you provided is not attached to a customer so detachment is impossible.",
        );
      }
      pm.customer = null;
      return { status: 200, body: pm };
    }
    return null;
  }

  /**
   * The customer and card fields of a PaymentIntent being created, checked as Stripe checks them
   * (an unknown customer or method, a method not on the customer), and whether it is confirmed now.
   */
  function intentFields(
    p: Record<string, unknown>,
  ): { reply: FakeReply } | { fields: IntentCardFields; confirm: boolean; offSession: boolean } {
    const customer = typeof p.customer === "string" ? p.customer : null;
    const methodId = typeof p.payment_method === "string" ? p.payment_method : null;
    const future = p.setup_future_usage;
    const confirm = p.confirm === "true";
    const offSession = p.off_session === "true";
    if (customer && !customers.has(customer)) {
      return {
        reply: invalid(400, `No such customer: '${customer}'`, {
          code: "resource_missing",
          param: "customer",
        }),
      };
    }
    const pm = methodId ? paymentMethods.get(methodId) : undefined;
    if (methodId && !pm) {
      return {
        reply: invalid(400, `No such PaymentMethod: '${methodId}'`, {
          code: "resource_missing",
          param: "payment_method",
        }),
      };
    }
    if (future !== undefined && future !== "off_session" && future !== "on_session") {
      return { reply: invalid(400, `Invalid setup_future_usage: must be one of off_session or on_session`) };
    }
    if (p.off_session !== undefined && !confirm) {
      return {
        reply: invalid(400, "off_session can only be passed when confirm=true.", { param: "off_session" }),
      };
    }
    if (confirm && !pm) {
      return {
        reply: invalid(
          400,
          "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with a customer's saved card, specify a payment method attached to this customer along with the customer ID.",
          { code: "payment_intent_unexpected_state" },
        ),
      };
    }
    if (confirm && pm && !pm.customer) {
      return {
        reply: invalid(
          400,
          "The provided PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.",
          { param: "payment_method" },
        ),
      };
    }
    if (confirm && pm && pm.customer !== customer) {
      return {
        reply: invalid(
          400,
          customer
            ? "The provided PaymentMethod belongs to another Customer than the one given."
            : "The provided PaymentMethod belongs to a Customer, but you did not provide a Customer. Please include the Customer when creating the PaymentIntent.",
          { param: "payment_method" },
        ),
      };
    }
    return {
      fields: {
        customer,
        payment_method: methodId,
        setup_future_usage: (future as IntentCardFields["setup_future_usage"] | undefined) ?? null,
        latest_charge: null,
      },
      confirm,
      offSession,
    };
  }

  /**
   * Confirms a created intent with its customer's card (checked by intentFields): charged at once, or
   * declined as Stripe answers it (402, the intent back to requires_payment_method, inside the error).
   */
  function confirm(intent: CardIntent, idempotencyKey: string | null, offSession: boolean): FakeReply {
    const pm = paymentMethods.get(intent.payment_method!)!;
    const code = declines.get(pm.id);
    if (offSession) offSessionCharges.push({ intentId: intent.id, idempotencyKey, amount: intent.amount });
    if (!code) {
      intent.status = "succeeded";
      intent.amount_received = intent.amount;
      intent.last_payment_error = null;
      intent.latest_charge = nextId("ch_");
      return { status: 200, body: intent };
    }
    if (code === "authentication_required" && !offSession) {
      // On session, the cardholder is there to authenticate: Stripe asks for it.
      intent.status = "requires_action";
      return {
        status: 200,
        body: { ...intent, next_action: { type: "use_stripe_sdk", use_stripe_sdk: {} } },
      };
    }
    const { decline_code, message } = DECLINES[code];
    intent.status = "requires_payment_method";
    intent.payment_method = null;
    intent.latest_charge = code === "card_declined" ? nextId("ch_") : null;
    intent.last_payment_error = { type: "card_error", code, decline_code, message, payment_method: pm };
    return {
      status: 402,
      body: {
        error: {
          type: "card_error",
          code,
          decline_code,
          message,
          ...(intent.latest_charge ? { charge: intent.latest_charge } : {}),
          doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}`,
          payment_intent: structuredClone(intent),
          payment_method: structuredClone(pm),
        },
      },
    };
  }

  /**
   * The card an on-session intent was paid with becomes a PaymentMethod, on the intent's customer
   * when the intent asked to keep it (setup_future_usage), else on no one (not reusable).
   */
  function saveCard(intent: CardIntent, card?: StripeCard): void {
    if (intent.payment_method && !card) {
      intent.latest_charge ??= nextId("ch_");
      return;
    }
    const pm: PaymentMethod = {
      id: nextId("pm_"),
      object: "payment_method",
      type: "card",
      card: {
        brand: card?.brand ?? "visa",
        last4: card?.last4 ?? "4242",
        exp_month: card?.exp_month ?? 12,
        exp_year: card?.exp_year ?? 2030,
        country: "US",
        funding: "credit",
      },
      customer: intent.setup_future_usage && intent.customer ? intent.customer : null,
      billing_details: { address: null, email: null, name: null, phone: null },
      metadata: {},
      created: now(),
      livemode: false,
    };
    paymentMethods.set(pm.id, pm);
    intent.payment_method = pm.id;
    intent.latest_charge = nextId("ch_");
  }

  /** The intent as GET answers it, with `expand[]=payment_method|customer` (or `expand[0]=`) inline. */
  function expanded(intent: CardIntent, path: string): unknown {
    const query = new URL(path, "http://stripe.fake").searchParams;
    const wanted = new Set([...query].filter(([k]) => /^expand\[\d*\]$/.test(k)).map(([, v]) => v));
    return {
      ...intent,
      payment_method:
        wanted.has("payment_method") && intent.payment_method
          ? (paymentMethods.get(intent.payment_method) ?? intent.payment_method)
          : intent.payment_method,
      customer:
        wanted.has("customer") && intent.customer
          ? (customers.get(intent.customer) ?? intent.customer)
          : intent.customer,
    };
  }

  return { state, route, intentFields, confirm, saveCard, expanded };
}
