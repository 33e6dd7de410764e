// What the saved cards' tests share (decision 069): a driver who kept the demo's card.
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { bearer, createUser, type TestUser } from "../../test/factories";
import type { TestContext } from "../../test/harness";
import { servedCountries } from "../reference/served-countries";
import { createPayments } from "./registry";
import type { PaymentDeps } from "./verify.service";

export const savedCards = async (app: FastifyInstance, u: TestUser) =>
  (await app.inject({ url: "/api/v1/wallet/cards", headers: bearer(u) })).json().data;

/**
 * A driver who topped up `amount` once with "save my card" at the demo provider: the demo's Visa
 * ending 4242 is kept once the job that asks the provider for it has run.
 */
export async function driverWithDemoCard(
  ctx: Pick<TestContext, "app" | "database">,
  amount = 500,
): Promise<{ u: TestUser; cardId: string }> {
  const u = await createUser(ctx.database.db);
  const started = await ctx.app.inject({
    method: "POST",
    url: "/api/v1/wallet/add-funds",
    headers: { ...bearer(u), "idempotency-key": randomUUID() },
    payload: { amount, save_card: true },
  });
  expect(started.statusCode).toBe(200);
  const paid = await ctx.app.inject({
    method: "POST",
    url: "/api/v1/wallet/verify-payment",
    headers: bearer(u),
    query: { payment_reference: started.json().data.reference, payment_provider: "demo" },
  });
  expect(paid.json().data.credited).toBe(true);
  await ctx.app.jobs.runDue(["saved-card"]);
  const { cards } = await savedCards(ctx.app, u);
  expect(cards).toHaveLength(1);
  return { u, cardId: cards[0].id as string };
}

/** PUT /wallet/auto-reload. */
export const saveReload = (app: FastifyInstance, u: TestUser, body: object) =>
  app.inject({ method: "PUT", url: "/api/v1/wallet/auto-reload", headers: bearer(u), payload: body });

/**
 * The payments' dependencies of an app on `db`, as the app wires them for plain top-ups (no
 * purchase kinds): what a test runs the reload job's function with, as another process would.
 */
export function topUpDeps(app: FastifyInstance, db: Db, config: Config): PaymentDeps {
  const countries = servedCountries(db);
  return {
    db,
    payments: createPayments(config, (currency) => countries.decimalsOf(currency)),
    clock: () => new Date(),
    countries,
    jobs: app.jobs,
    checkouts: [],
  };
}
