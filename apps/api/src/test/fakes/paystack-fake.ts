import { createHmac } from "node:crypto";
import { deliver, nextId, startFake, type FakeReply, type RunningFake } from "./fake-server";

interface Tx {
  id: number;
  reference: string;
  amount: number;
  currency: string;
  email: string;
  status: "abandoned" | "success" | "failed";
  metadata: unknown;
}

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
  /** The customer pays (or fails); `amount` lets a test make the provider report a different amount. */
  complete(reference: string, outcome?: "success" | "failed", amount?: number): void;
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
    const transferReply = transferRoute(req.method, req.path, req.body);
    if (transferReply) return transferReply;
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
