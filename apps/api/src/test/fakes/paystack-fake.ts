import { createHmac, randomBytes } from "node:crypto";
import { deliver, nextId, startFake, type FakeReply, type RunningFake } from "./fake-server";

interface Tx {
  id: number;
  reference: string;
  amount: number;
  currency: string;
  email: string;
  status: "abandoned" | "success" | "failed";
  metadata: unknown;
  /** The bank's words, when they are not the status's usual ones ("Declined"). */
  gateway_response?: string;
  /** The card paid with and the payer, once the transaction is complete (as verify and charge.success give them). */
  authorization?: PaystackAuthorization;
  customer?: PaystackCustomer;
}

/** A card's authorization as Paystack returns it on a transaction (its code charges the card again). */
export interface PaystackAuthorization {
  authorization_code: string;
  bin: string;
  last4: string;
  exp_month: string;
  exp_year: string;
  channel: "card";
  card_type: string;
  bank: string;
  country_code: string;
  brand: string;
  reusable: boolean;
  signature: string;
  account_name: null;
}

export interface PaystackCustomer {
  id: number;
  email: string;
  customer_code: string;
}

/** The card a test pays with (a reusable visa 4081 unless said otherwise). */
export interface PaystackCard {
  last4?: string;
  brand?: string;
  reusable?: boolean;
  exp_month?: string;
  exp_year?: string;
}

/** A card authorization the fake knows: whose it is (the e-mail it was paid with) and how it answers. */
export interface PaystackAuthorizationState {
  authorization: PaystackAuthorization;
  email: string;
  active: boolean;
  /** While set, charges with it fail with these words as gateway_response. */
  decline: string | null;
}

/** Test cards' first six digits, by brand (Paystack's test cards). */
const BINS: Record<string, string> = { visa: "408408", mastercard: "539983", verve: "506066" };

/** A transfer as Paystack keeps it (its reference is ours, unique). */
export interface PaystackTransfer {
  id: number;
  reference: string;
  transfer_code: string;
  amount: number;
  currency: string;
  recipient: string;
  reason: string;
  source: "balance";
  status: "pending" | "success" | "failed" | "reversed" | "otp";
  gateway_response: string | null;
}

/** The banks the fake lists (Paystack's own codes for them). */
export const PAYSTACK_BANKS = [
  {
    id: 1,
    name: "Access Bank",
    slug: "access-bank",
    code: "044",
    longcode: "044150149",
    country: "Nigeria",
    currency: "NGN",
    type: "nuban",
    active: true,
  },
  {
    id: 9,
    name: "Guaranty Trust Bank",
    slug: "guaranty-trust-bank",
    code: "058",
    longcode: "058152036",
    country: "Nigeria",
    currency: "NGN",
    type: "nuban",
    active: true,
  },
  {
    id: 21,
    name: "Zenith Bank",
    slug: "zenith-bank",
    code: "057",
    longcode: "057150013",
    country: "Nigeria",
    currency: "NGN",
    type: "nuban",
    active: true,
  },
];

export interface PaystackFake extends RunningFake {
  transactions: Map<string, Tx>;
  /** Bank accounts the fake resolves: `${bank_code}:${account_number}` -> the name on the account. */
  bankAccounts: Map<string, string>;
  recipients: Map<
    string,
    { type: string; name: string; account_number: string; bank_code: string; currency: string }
  >;
  /** Transfers by our reference. */
  transfers: Map<string, PaystackTransfer>;
  /** The bank settles a transfer: success, failed (with the bank's words) or reversed. */
  settleTransfer(reference: string, status: "success" | "failed" | "reversed", why?: string): void;
  /** POSTs a signed `transfer.success|failed|reversed` for the transfer as it stands (or as `status` says). */
  sendTransferWebhook(
    reference: string,
    event: "transfer.success" | "transfer.failed" | "transfer.reversed",
    url: string,
  ): Promise<number>;
  /**
   * The customer pays (or fails); `amount` lets a test make the provider report a different amount.
   * A success carries the card's authorization (a new code each time, as at Paystack) and the customer.
   */
  complete(reference: string, outcome?: "success" | "failed", amount?: number, card?: PaystackCard): void;
  /** Card authorizations by code. */
  authorizations: Map<string, PaystackAuthorizationState>;
  /** The next charges with this authorization fail, gateway_response `message` ("Declined"). */
  declineAuthorization(code: string, message?: string): void;
  /** Every charge_authorization that reached a decision (charged or declined), in order. */
  charges: Array<{ reference: string; authorization_code: string; amount: number }>;
  /** POSTs a signed charge.success for the transaction to `url`; returns the HTTP status. */
  sendWebhook(reference: string, url: string, secret?: string): Promise<number>;
  webhookBody(reference: string): string;
}

/** Paystack's transaction API as Paystack documents it, with state, on loopback. */
export async function startPaystackFake(secretKey: string): Promise<PaystackFake> {
  const transactions = new Map<string, Tx>();
  const bankAccounts = new Map<string, string>();
  const recipients: PaystackFake["recipients"] = new Map();
  const transfers = new Map<string, PaystackTransfer>();
  const authorizations = new Map<string, PaystackAuthorizationState>();
  const customers = new Map<string, PaystackCustomer>();
  const charges: PaystackFake["charges"] = [];
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
      const checked = newTransaction(b);
      if ("status" in checked) return checked;
      const { amount, reference, email } = checked;
      const access = nextId("ac");
      transactions.set(reference, {
        id: ids++,
        reference,
        amount,
        currency: b.currency ?? "NGN",
        email,
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
    const transferReply = transferRoute(req.method, req.path, req.body);
    if (transferReply) return transferReply;
    const cardReply = cardRoute(req.method, req.path, req.body);
    if (cardReply) return cardReply;
    const verify = /^\/transaction\/verify\/([^/?]+)$/.exec(req.path);
    if (req.method === "GET" && verify) {
      const tx = transactions.get(decodeURIComponent(verify[1]!));
      if (!tx) return { status: 404, body: { status: false, message: "Transaction reference not found" } };
      return {
        status: 200,
        body: {
          status: true,
          message: "Verification successful",
          data: {
            ...tx,
            gateway_response: tx.gateway_response ?? (tx.status === "success" ? "Successful" : ""),
          },
        },
      };
    }
    return { status: 404, body: { status: false, message: "Not found" } };
  });
  /** Paystack's banks, resolve, transfer recipients and transfers, as its docs give them. */
  function transferRoute(method: string, path: string, raw: string): FakeReply | null {
    const url = new URL(path, "http://paystack.fake");
    if (method === "GET" && url.pathname === "/bank") {
      const currency = url.searchParams.get("currency") ?? "NGN";
      return {
        status: 200,
        body: {
          status: true,
          message: "Banks retrieved",
          data: PAYSTACK_BANKS.filter((b) => b.currency === currency),
        },
      };
    }
    if (method === "GET" && url.pathname === "/bank/resolve") {
      const number = url.searchParams.get("account_number") ?? "";
      const code = url.searchParams.get("bank_code") ?? "";
      const name = bankAccounts.get(`${code}:${number}`);
      if (!/^\d{10}$/.test(number) || !name) {
        return {
          status: 422,
          body: { status: false, message: "Could not resolve account name. Check parameters or try again." },
        };
      }
      return {
        status: 200,
        body: {
          status: true,
          message: "Account number resolved",
          data: { account_number: number, account_name: name, bank_id: 9 },
        },
      };
    }
    if (method === "POST" && url.pathname === "/transferrecipient") {
      const b = JSON.parse(raw) as {
        type?: string;
        name?: string;
        account_number?: string;
        bank_code?: string;
        currency?: string;
      };
      const name = bankAccounts.get(`${b.bank_code}:${b.account_number}`);
      if (b.type !== "nuban" || !b.name || !name) {
        return { status: 400, body: { status: false, message: "Account number is invalid" } };
      }
      // A duplicate account number answers the existing recipient, as Paystack does.
      const existing = [...recipients].find(
        ([, r]) => r.account_number === b.account_number && r.bank_code === b.bank_code,
      );
      const code = existing?.[0] ?? nextId("RCP_");
      recipients.set(code, {
        type: "nuban",
        name: b.name,
        account_number: b.account_number!,
        bank_code: b.bank_code!,
        currency: b.currency ?? "NGN",
      });
      const bank = PAYSTACK_BANKS.find((x) => x.code === b.bank_code);
      return {
        status: 201,
        body: {
          status: true,
          message: "Transfer recipient created successfully",
          data: {
            active: true,
            currency: b.currency ?? "NGN",
            name: b.name,
            recipient_code: code,
            type: "nuban",
            details: {
              account_number: b.account_number,
              account_name: name,
              bank_code: b.bank_code,
              bank_name: bank?.name ?? null,
            },
          },
        },
      };
    }
    if (method === "POST" && url.pathname === "/transfer") {
      const b = JSON.parse(raw) as {
        source?: string;
        amount?: number;
        recipient?: string;
        reference?: string;
        reason?: string;
        currency?: string;
      };
      if (
        b.source !== "balance" ||
        !Number.isInteger(b.amount) ||
        (b.amount ?? 0) <= 0 ||
        !b.recipient ||
        !recipients.has(b.recipient)
      ) {
        return { status: 400, body: { status: false, message: "Invalid transfer" } };
      }
      const reference = b.reference ?? nextId("trf_");
      if (!/^[a-z0-9_-]{16,50}$/.test(reference))
        return { status: 400, body: { status: false, message: "Invalid reference" } };
      if (transfers.has(reference)) {
        return {
          status: 400,
          body: { status: false, message: "Transfer reference already exists", code: "duplicate_reference" },
        };
      }
      const t: PaystackTransfer = {
        id: ids++,
        reference,
        transfer_code: nextId("TRF_"),
        amount: b.amount!,
        currency: b.currency ?? "NGN",
        recipient: b.recipient,
        reason: b.reason ?? "",
        source: "balance",
        status: "pending",
        gateway_response: null,
      };
      transfers.set(reference, t);
      return { status: 200, body: { status: true, message: "Transfer has been queued", data: t } };
    }
    const verifyTransfer = /^\/transfer\/verify\/([^/?]+)$/.exec(url.pathname);
    if (method === "GET" && verifyTransfer) {
      const t = transfers.get(decodeURIComponent(verifyTransfer[1]!));
      return t
        ? { status: 200, body: { status: true, message: "Transfer retrieved", data: t } }
        : { status: 404, body: { status: false, message: "Transfer not found" } };
    }
    return null;
  }
  /**
   * The checks Paystack makes of a new transaction's amount, e-mail and reference (initialize and
   * charge_authorization alike): its amount and reference, or the refusal.
   */
  function newTransaction(b: {
    email?: string;
    amount?: number | string;
    reference?: string;
  }): FakeReply | { amount: number; reference: string; email: string } {
    const amount = Number(b.amount);
    if (!b.email || !Number.isInteger(amount) || amount <= 0) {
      return {
        status: 400,
        body: { status: false, message: "Invalid amount or email", type: "validation_error" },
      };
    }
    const reference = b.reference ?? nextId("ps-");
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
    return { amount, reference, email: b.email };
  }
  /** The customer an e-mail is at Paystack (one per e-mail, made on its first payment). */
  function customerOf(email: string): PaystackCustomer {
    const key = email.toLowerCase();
    let customer = customers.get(key);
    if (!customer) {
      customer = { id: ids++, email, customer_code: `CUS_${randomBytes(8).toString("hex").slice(0, 15)}` };
      customers.set(key, customer);
    }
    return customer;
  }
  /** Paystack's charge of a saved authorization and its deactivation, as its docs give them. */
  function cardRoute(method: string, path: string, raw: string): FakeReply | null {
    if (method === "POST" && path === "/transaction/charge_authorization") {
      const b = JSON.parse(raw) as {
        authorization_code?: string;
        email?: string;
        amount?: number | string;
        currency?: string;
        reference?: string;
        metadata?: unknown;
      };
      const checked = newTransaction(b);
      if ("status" in checked) return checked;
      const { amount, reference, email } = checked;
      const saved = b.authorization_code ? authorizations.get(b.authorization_code) : undefined;
      if (
        !saved?.active ||
        !saved.authorization.reusable ||
        saved.email.toLowerCase() !== email.toLowerCase()
      ) {
        return {
          status: 400,
          body: { status: false, message: "Authorization code is invalid", type: "validation_error" },
        };
      }
      const ok = saved.decline === null;
      const tx: Tx = {
        id: ids++,
        reference,
        amount,
        currency: b.currency ?? "NGN",
        email: saved.email,
        status: ok ? "success" : "failed",
        metadata: b.metadata ?? "",
        gateway_response: ok ? "Approved" : saved.decline!,
        authorization: saved.authorization,
        customer: customerOf(saved.email),
      };
      transactions.set(reference, tx);
      charges.push({ reference, authorization_code: saved.authorization.authorization_code, amount });
      return {
        status: 200,
        body: {
          status: true,
          message: "Charge attempted",
          data: {
            amount,
            currency: tx.currency,
            transaction_date: new Date().toISOString(),
            status: tx.status,
            reference,
            domain: "test",
            metadata: tx.metadata,
            gateway_response: tx.gateway_response,
            message: null,
            channel: "card",
            ip_address: null,
            log: null,
            // 1.5% (+ NGN 100 from NGN 2,500), at most NGN 2,000: Paystack's local card fee.
            fees: ok ? Math.min(Math.round(amount * 0.015) + (amount >= 250_000 ? 10_000 : 0), 200_000) : 0,
            authorization: tx.authorization,
            customer: tx.customer,
            plan: null,
            id: tx.id,
          },
        },
      };
    }
    if (
      method === "POST" &&
      (path === "/customer/authorization/deactivate" || path === "/customer/deactivate_authorization")
    ) {
      const b = JSON.parse(raw) as { authorization_code?: string };
      const saved = b.authorization_code ? authorizations.get(b.authorization_code) : undefined;
      if (!saved) return { status: 404, body: { status: false, message: "Authorization code not found" } };
      saved.active = false;
      return { status: 200, body: { status: true, message: "Authorization has been deactivated" } };
    }
    return null;
  }
  /** A card's authorization, new at each payment (Paystack gives the same card a new code each time). */
  function authorize(email: string, card: PaystackCard = {}): PaystackAuthorization {
    const brand = (card.brand ?? "visa").toLowerCase();
    const authorization: PaystackAuthorization = {
      authorization_code: `AUTH_${randomBytes(5).toString("hex")}`,
      bin: BINS[brand] ?? "408408",
      last4: card.last4 ?? "4081",
      exp_month: card.exp_month ?? "12",
      exp_year: card.exp_year ?? "2030",
      channel: "card",
      card_type: `${brand} `,
      bank: "TEST BANK",
      country_code: "NG",
      brand,
      reusable: card.reusable ?? true,
      signature: `SIG_${randomBytes(10).toString("hex")}`,
      account_name: null,
    };
    authorizations.set(authorization.authorization_code, {
      authorization,
      email,
      active: true,
      decline: null,
    });
    return authorization;
  }
  const body = (reference: string) =>
    JSON.stringify({ event: "charge.success", data: transactions.get(reference) });
  return Object.assign(fake, {
    transactions,
    bankAccounts,
    recipients,
    transfers,
    settleTransfer(reference: string, status: "success" | "failed" | "reversed", why?: string) {
      const t = transfers.get(reference);
      if (!t) throw new Error(`no Paystack transfer ${reference}`);
      t.status = status;
      t.gateway_response = why ?? (status === "success" ? "Approved" : null);
    },
    sendTransferWebhook(
      reference: string,
      event: "transfer.success" | "transfer.failed" | "transfer.reversed",
      url: string,
    ) {
      const t = transfers.get(reference);
      if (!t) throw new Error(`no Paystack transfer ${reference}`);
      const raw = JSON.stringify({ event, data: { ...t, status: event.slice("transfer.".length) } });
      return deliver(url, raw, {
        "x-paystack-signature": createHmac("sha512", secretKey).update(raw).digest("hex"),
      });
    },
    authorizations,
    charges,
    declineAuthorization(code: string, message = "Declined") {
      const saved = authorizations.get(code);
      if (!saved) throw new Error(`no Paystack authorization ${code}`);
      saved.decline = message;
    },
    complete(
      reference: string,
      outcome: "success" | "failed" = "success",
      amount?: number,
      card?: PaystackCard,
    ) {
      const tx = transactions.get(reference);
      if (!tx) throw new Error(`no Paystack transaction ${reference}`);
      tx.status = outcome;
      if (amount !== undefined) tx.amount = amount;
      tx.customer = customerOf(tx.email);
      if (outcome === "success") tx.authorization = authorize(tx.email, card);
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
