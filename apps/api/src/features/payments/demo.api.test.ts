import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { bearer, createUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { createPayments } from "./registry";
import { seededDecimalsOf } from "../../test/seeded-countries";

describe("demo provider (no keys, demo mode)", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it("tops up through the in-app payment page with the real verify and ledger", async () => {
    for (const countryId of [1, 2, 3, 4]) {
      const u = await createUser(ctx.database.db, { countryId });
      const wallet = (await ctx.app.inject({ url: "/api/v1/wallet", headers: bearer(u) })).json().data;
      expect(wallet.provider).toBe("demo");
      const amount = wallet.min_topup * 2;
      const { data } = (
        await ctx.app.inject({
          method: "POST",
          url: "/api/v1/wallet/add-funds",
          headers: { ...bearer(u), "idempotency-key": randomUUID() },
          payload: { amount },
        })
      ).json();
      expect(data.provider).toBe("demo");
      expect(data.payment_info.payment_url).toBe(`/payment?reference=${data.reference}&provider=demo`);
      const verify = () =>
        ctx.app.inject({
          method: "POST",
          url: "/api/v1/wallet/verify-payment",
          headers: bearer(u),
          query: { payment_reference: data.reference, payment_provider: "demo", amount: String(amount) },
        });
      expect((await verify()).json()).toMatchObject({
        status: "success",
        data: { new_balance: amount, credited: true },
      });
      expect((await verify()).json()).toMatchObject({
        status: "success",
        data: { new_balance: amount, credited: false },
      });
    }
    expect(await ledgerViolations(ctx.database.db)).toEqual([]);
    expect(await receiptViolations(ctx.database.db)).toEqual([]);
  });
});

describe("production without keys, demo mode off", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ NODE_ENV: "production", DEMO_MODE: "false" });
  });
  afterAll(() => ctx?.close());

  it("never builds the demo provider", () => {
    const payments = createPayments(
      loadConfig({ NODE_ENV: "production", DEMO_MODE: "false" }),
      seededDecimalsOf,
    );
    expect(payments.get("demo")).toBeNull();
    expect(payments.demoAllowed).toBe(false);
  });

  it("answers add-funds with a clear 503", async () => {
    const u = await createUser(ctx.database.db);
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/wallet/add-funds",
      headers: { ...bearer(u), "idempotency-key": randomUUID() },
      payload: { amount: 1000 },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: "payments_unavailable",
      message: "Payments are not available right now. Please try again later.",
    });
  });
});
