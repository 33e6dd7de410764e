// Wallet basics, amount validation and the payment CSP, with every provider pointed at local fakes.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { IP_LOOKUP_ORIGINS } from "../../plugins/security";
import { bearer } from "../../test/factories";
import { usePaymentsContext } from "../../test/payments-context";

const payments = usePaymentsContext();
const { user, addFunds } = payments;

describe("wallet", () => {
  it("needs a token", async () => {
    expect((await payments.ctx.app.inject({ url: "/api/v1/wallet" })).statusCode).toBe(401);
    expect(
      (
        await payments.ctx.app.inject({
          method: "POST",
          url: "/api/v1/wallet/add-funds",
          payload: { amount: 1000 },
        })
      ).statusCode,
    ).toBe(401);
  });

  it("is empty and in the country's currency at first", async () => {
    const res = await payments.ctx.app.inject({ url: "/api/v1/wallet", headers: bearer(await user(3)) });
    expect(res.json()).toMatchObject({
      status: "success",
      data: { balance: 0, currency: "XOF", provider: "wave", min_topup: 500 },
    });
  });

  it.each([
    [0, /positive/],
    [-10, /positive/],
    [1000.123, /2 decimal/],
    [499.99, /at least/],
    [1_000_000.01, /at most/],
    ["abc", /number/],
    [null, /number/],
  ])("refuses the amount %s with a clear 422 and starts nothing", async (amount, message) => {
    const u = await user();
    const before = payments.ctx.paystack.requests.length;
    const res = await addFunds(u, amount);
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.amount).toMatch(message);
    expect(payments.ctx.paystack.requests.length).toBe(before);
  });

  it("refuses decimals for XOF", async () => {
    const res = await addFunds(await user(3), 1000.5);
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.amount).toMatch(/whole number of XOF/);
  });
});

describe("a top-up's Idempotency-Key is required (API-CONVENTIONS.md#idempotency)", () => {
  const calls = [
    { url: "/api/v1/wallet/add-funds", country: 1, payload: { amount: 1000 } },
    { url: "/api/create-payment-intent", country: 2, payload: { amount: 10, currency: "CAD" } },
  ];
  const keys: [string, Record<string, string>][] = [
    ["missing", {}],
    ["empty", { "idempotency-key": "" }],
    ["blank", { "idempotency-key": "   " }],
    ["quoted empty", { "idempotency-key": '""' }],
  ];
  it.each(calls.flatMap((call) => keys.map(([what, key]) => [call.url, what, call, key] as const)))(
    "%s with the key %s: 422 naming the header, in English and French, and starts nothing",
    async (_url, _what, call, key) => {
      const u = await user(call.country);
      const started = async () => ({
        rows: (
          await queryRows<{ n: number }>(
            payments.ctx.database.db,
            sql`SELECT count(*)::int AS n FROM payments WHERE user_id = ${u.id}`,
          )
        )[0]!.n,
        checkouts: payments.ctx.paystack.transactions.size + payments.ctx.stripe.intents.size,
      });
      const before = await started();
      const send = (language: string) =>
        payments.ctx.app.inject({
          method: "POST",
          url: call.url,
          headers: { ...bearer(u), ...key, "accept-language": language },
          payload: call.payload,
        });
      const en = await send("en");
      expect(en.statusCode, en.body).toBe(422);
      expect(en.json()).toMatchObject({
        code: "validation_error",
        message: expect.stringMatching(/^The Idempotency-Key header is required/),
        fields: { "idempotency-key": expect.stringMatching(/Idempotency-Key/) },
      });
      const fr = await send("fr");
      expect(fr.statusCode).toBe(422);
      expect(fr.json().message).toMatch(/^L'en-tête Idempotency-Key est obligatoire/);
      expect(await started()).toEqual(before);
    },
  );

  it("the OpenAPI document declares the header required on both", async () => {
    const doc = (await payments.ctx.app.inject({ url: "/api/openapi.json" })).json<{
      paths: Record<
        string,
        Record<string, { parameters?: { in: string; name: string; required?: boolean }[] }>
      >;
    }>();
    for (const path of ["/api/v1/wallet/add-funds", "/api/create-payment-intent"]) {
      const header = doc.paths[path]!.post!.parameters?.find(
        (p) => p.in === "header" && p.name === "idempotency-key",
      );
      expect(header, path).toMatchObject({ required: true });
    }
  });
});

describe("Content-Security-Policy for the payment scripts", () => {
  it("allows exactly Paystack's and Stripe's origins for scripts, frames and API calls", async () => {
    const csp = String(
      (await payments.ctx.app.inject({ url: "/api/health" })).headers["content-security-policy"],
    );
    const directive = (name: string) =>
      csp
        .split(";")
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `))
        ?.split(/\s+/)
        .slice(1);
    expect(directive("script-src")).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      "https://js.paystack.co",
      "https://js.stripe.com",
      "https://*.js.stripe.com",
    ]);
    expect(directive("frame-src")).toEqual([
      "'self'",
      "https://checkout.paystack.com",
      "https://js.stripe.com",
      "https://*.js.stripe.com",
      "https://hooks.stripe.com",
    ]);
    // Besides the providers' APIs: the IP lookup services of country detection, nothing else.
    expect(directive("connect-src")).toEqual([
      "'self'",
      ...IP_LOOKUP_ORIGINS,
      "https://api.paystack.co",
      "https://api.stripe.com",
    ]);
  });
});
