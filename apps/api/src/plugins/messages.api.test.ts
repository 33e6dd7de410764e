// Every message the API sends is in the language of the request's Accept-Language: French when
// the first choice is French, English otherwise (lib/messages.ts, the error plugin, plugins/messages.ts).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { at, book, fundedUser, HOUR, setCapacity } from "../features/bookings/bookings.test-kit";
import { bearer, createUser } from "../test/factories";
import { createTestContext, type TestContext } from "../test/harness";

let ctx: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "parkwell-messages-"));
  ctx = await createTestContext({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
});

const FR = { "accept-language": "fr-CA,fr;q=0.9,en;q=0.5" };
type Body = { message: string; code: string; fields?: Record<string, string> };

const register = (headers: Record<string, string>, email: string) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/v1/auth/register",
    headers,
    payload: { email, password: "a-long-password", first_name: "Awa", last_name: "Diop", accept_terms: true },
  });

const login = (headers: Record<string, string>, identifier: string, ip = "10.9.0.1") =>
  ctx.app.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    headers,
    payload: { identifier, password: "wrong password" },
    remoteAddress: ip,
  });

describe("Accept-Language: fr", () => {
  it("a validation error is French, in message and fields", async () => {
    const res = await register(FR, "not-an-email");
    expect(res.statusCode).toBe(422);
    expect(res.json<Body>()).toEqual({
      code: "validation_error",
      message: "Veuillez saisir un e-mail valide",
      fields: { email: "Veuillez saisir un e-mail valide" },
    });
  });

  it("a field message with a value keeps the value", async () => {
    const res = await ctx.app.inject({ url: "/api/v1/parks/front/parks?size=500", headers: FR });
    expect(res.statusCode).toBe(422);
    expect(res.json<Body>().fields).toEqual({ size: "Le champ « size » doit valoir au plus 100" });
  });

  it("a failed login is a French 401", async () => {
    const res = await login(FR, "nobody@example.com");
    expect(res.statusCode).toBe(401);
    expect(res.json<Body>()).toEqual({
      code: "invalid_credentials",
      message: "E-mail ou mot de passe incorrect",
    });
  });

  it("an unknown park is a French 404", async () => {
    const res = await ctx.app.inject({ url: "/api/v1/front/parks/no-such-park-anywhere", headers: FR });
    expect(res.statusCode).toBe(404);
    expect(res.json<Body>()).toEqual({ code: "park_not_found", message: "Parking introuvable" });
  });

  it("a short wallet is a French 402 naming the amount, a full window a French 409", async () => {
    const db = ctx.database.db;
    const window = { start: at(HOUR), end: at(3 * HOUR) };
    const short = await book(ctx.app, await fundedUser(db, 1_000), window, FR);
    expect(short.statusCode).toBe(402);
    const body = short.json<Body>();
    expect(body.code).toBe("insufficient_funds");
    expect(body.message).toBe(
      `Le solde de votre portefeuille est insuffisant\u00a0: ajoutez ${String(body.fields?.amount_missing).replace(".", ",")} NGN pour payer cette réservation`,
    );
    await setCapacity(db, 1, 1, 0);
    const full = await book(ctx.app, await fundedUser(db), window, FR);
    expect(full.statusCode).toBe(409);
    expect(full.json<Body>()).toEqual({
      code: "no_capacity",
      message: "Il ne reste plus de place pour ce type de véhicule sur ce créneau.",
    });
  });

  it("an unknown route and a missing token are French", async () => {
    const res = await ctx.app.inject({ url: "/api/v1/no-such-route", headers: FR });
    expect(res.statusCode).toBe(404);
    expect(res.json<Body>()).toEqual({
      code: "not_found",
      message: "Aucune route pour GET /api/v1/no-such-route",
    });
    const me = await ctx.app.inject({ url: "/api/v1/wallet", headers: FR });
    expect(me.statusCode).toBe(401);
    expect(me.json<Body>().message).toBe("Aucun jeton d'authentification trouvé");
  });

  it("malformed JSON is French", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      headers: { ...FR, "content-type": "application/json" },
      payload: '{"identifier": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<Body>()).toEqual({
      code: "malformed_json",
      message: "Le corps de la requête n'est pas un JSON valide",
    });
  });

  it("a throttled login is a French 429", async () => {
    const id = `fr.${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) expect((await login(FR, id, `10.8.0.${i}`)).statusCode).toBe(401);
    const res = await login(FR, id, "10.8.0.99");
    expect(res.statusCode).toBe(429);
    expect(res.json<Body>()).toEqual({
      code: "too_many_attempts",
      message: "Trop de tentatives de connexion. Patientez un instant puis réessayez.",
    });
  });

  it("success messages are French: registration, logout", async () => {
    const res = await register(FR, `fr.${Date.now()}@example.com`);
    expect(res.statusCode).toBe(201);
    expect(res.json<Body>().message).toBe(
      "Inscription réussie. Consultez vos e-mails pour vérifier votre compte.",
    );
    const user = await createUser(ctx.database.db);
    const out = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/auth/logout",
      headers: { ...FR, ...bearer(user) },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json<Body>().message).toBe("Vous êtes déconnecté.");
  });
});

describe("Accept-Language: en, another language, or none", () => {
  it.each([
    ["en", { "accept-language": "en-US,fr;q=0.9" }],
    ["another language first", { "accept-language": "de-DE" }],
    ["none", {}],
  ])("%s: English, word for word", async (_, headers: Record<string, string>) => {
    const bad = await register(headers, "not-an-email");
    expect(bad.json<Body>()).toEqual({
      code: "validation_error",
      message: "Please enter a valid email",
      fields: { email: "Please enter a valid email" },
    });
    const route = await ctx.app.inject({ url: "/api/v1/no-such-route", headers });
    expect(route.json<Body>()).toEqual({
      code: "not_found",
      message: "No route for GET /api/v1/no-such-route",
    });
    const user = await createUser(ctx.database.db);
    const out = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/auth/logout",
      headers: { ...headers, ...bearer(user) },
    });
    expect(out.json<Body>().message).toBe("You have been logged out.");
  });
});
