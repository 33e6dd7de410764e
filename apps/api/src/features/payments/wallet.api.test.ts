// Wallet basics, amount validation and the payment CSP, with every provider pointed at local fakes.
import { IP_LOOKUP_ORIGINS } from "../../plugins/security";
import { describe, expect, it } from "vitest";
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
