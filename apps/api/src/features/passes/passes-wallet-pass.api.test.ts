import type { PassDetail, PassPurchase } from "@parkwell/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import {
  fieldValues,
  openPkpass,
  saveLinkClaims,
  walletKeys,
  type WalletKeys,
} from "../../test/wallet-pass-kit";
import { fundedUser } from "../bookings/bookings.test-kit";
import { passPlans, passRequest, type PassPlans } from "./passes.test-kit";

let ctx: TestContext;
let keys: WalletKeys;
let plans: PassPlans;
beforeAll(async () => {
  keys = walletKeys();
  ctx = await createTestContext(keys.env);
  plans = await passPlans(ctx);
});
afterAll(async () => ctx?.close());

const call = (user: TestUser, method: "GET" | "PUT", url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(user), ...(payload ? { payload } : {}) });

describe("a monthly pass's wallet passes", () => {
  it("is a signed .pkpass of the pass (code, park, plates, the gate's QR) and a save link with the same QR", async () => {
    const plan = await plans.planAt();
    const driver = await fundedUser(ctx.database.db, 100_000_000);
    const bought = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/passes",
      headers: bearer(driver),
      payload: passRequest(plan.id),
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const code = bought.json<PassPurchase>().pass_code;
    const detail = (await call(driver, "GET", `/passes/${code}`)).json<PassDetail>();
    expect(detail.wallet.apple).toMatch(new RegExp(`^/api/v1/passes/${code}/wallet-pass\\.pkpass\\?link=`));
    // The plain link opens it without a token.
    const plain = await ctx.app.inject({ url: detail.wallet.apple! });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(openPkpass(plain.rawPayload, keys.caPem).pass.serialNumber).toBe(`pass-${detail.id}`);
    expect(detail.qr).toBeTruthy();

    const res = await call(driver, "GET", `/passes/${code}/wallet-pass.pkpass`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.apple.pkpass");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${code}.pkpass"`);
    const { pass } = openPkpass(res.rawPayload, keys.caPem);
    expect(pass.serialNumber).toBe(`pass-${detail.id}`);
    expect(pass.barcodes?.[0]?.message).toBe(detail.qr);
    expect(fieldValues(pass)).toEqual(
      expect.arrayContaining([code, detail.park.name, detail.park.address, "LAG123AA"]),
    );

    const claims = await saveLinkClaims(detail.wallet.google!, keys.googlePublicKey);
    expect(claims.payload.genericObjects[0]).toMatchObject({
      state: "ACTIVE",
      barcode: { value: detail.qr },
    });

    const plates = await call(driver, "PUT", `/passes/${code}/vehicles`, {
      plates: ["LAG456BB", "ABJ789CC"],
    });
    expect(plates.statusCode, plates.body).toBe(200);
    expect(plates.json<PassDetail>().wallet.apple).toMatch(
      new RegExp(`^/api/v1/passes/${code}/wallet-pass\\.pkpass\\?link=`),
    );
    const again = openPkpass(
      (await call(driver, "GET", `/passes/${code}/wallet-pass.pkpass`)).rawPayload,
      keys.caPem,
    );
    expect(fieldValues(again.pass)).toContain("LAG456BB, ABJ789CC");
    expect(again.pass.serialNumber).toBe(pass.serialNumber);

    const other = await fundedUser(ctx.database.db, 0);
    const theirs = await call(other, "GET", `/passes/${code}/wallet-pass.pkpass`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: "pass_not_found" });
  });
});
