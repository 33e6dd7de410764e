import { CHARGER_CONNECTORS } from "@parkwell/contract";
import { count as countRows, eq, sql } from "drizzle-orm";
import { contactMessages, demoRequests, evHostRequests } from "../../db/schema/index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgError } from "../../lib/pg-error";
import { createTestContext, type TestContext } from "../../test/harness";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

// Each test sends from its own address so the per-address rate limit never mixes tests.
let nextHost = 1;
const post = (url: string, payload: unknown, remoteAddress = `10.1.0.${nextHost++}`) =>
  ctx.app.inject({ method: "POST", url, payload: payload as object, remoteAddress });

const TABLES = {
  contact_messages: contactMessages,
  demo_requests: demoRequests,
  ev_host_requests: evHostRequests,
};
async function count(table: keyof typeof TABLES): Promise<number> {
  const [row] = await ctx.database.db.select({ n: countRows() }).from(TABLES[table]);
  return row!.n;
}

const contact = {
  name: "Ada Obi",
  email: "Ada.Obi@Example.com",
  topic: "booking",
  message: "My booking at Ikeja car park shows the wrong end time.",
};

const demo = {
  name: "Jean Diallo",
  email: "jean@dakar-parking.sn",
  company: "Dakar Parking SARL",
  country_code: "SN",
  interest: "car_park_management",
  spaces: 240,
};

const host = {
  name: "Awa Ndiaye",
  email: "Awa@Hotel-Teranga.sn",
  phone: "+221 77 123 45 67",
  country_code: "SN",
  city: "Dakar",
  address: "12 Avenue Léopold Sédar Senghor",
  site_kind: "hotel",
  spaces: 6,
  has_chargers: true,
  connectors: ["type2", "ccs2"],
  power_kw: 22,
  message: "Our guests ask for charging; the car park is open day and night.",
  language: "fr",
};

describe("POST /api/v1/contact", () => {
  it("stores a message and answers 201 with a reference", async () => {
    const before = await count("contact_messages");
    const res = await post("/api/v1/contact", { ...contact, phone: "+234 803 123 4567", language: "fr" });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: string; reference: string; received_at: string }>();
    expect(body.reference).toMatch(/^HLP-[2-9A-HJKMNP-Z]{8}$/);
    expect(new Date(body.received_at).toString()).not.toBe("Invalid Date");
    expect(await count("contact_messages")).toBe(before + 1);
    const [row] = await ctx.database.db
      .select({
        name: contactMessages.name,
        email: contactMessages.email,
        phone: contactMessages.phone,
        topic: contactMessages.topic,
        language: contactMessages.language,
      })
      .from(contactMessages)
      .where(eq(contactMessages.id, body.id));
    expect(row).toEqual({
      name: "Ada Obi",
      email: "ada.obi@example.com",
      phone: "+234 803 123 4567",
      topic: "booking",
      language: "fr",
    });
  });

  it.each([
    [{ ...contact, name: undefined }, "name", "name is required"],
    [{ ...contact, name: " A " }, "name", "name must be at least 2 characters"],
    [{ ...contact, email: "not-an-email" }, "email", "Please enter a valid email"],
    [{ ...contact, email: "" }, "email", "email is required"],
    [
      { ...contact, topic: "refund-me" },
      "topic",
      "topic must be one of booking, payment, account, partnership, other",
    ],
    [{ ...contact, message: "short" }, "message", "message must be at least 10 characters"],
    [{ ...contact, message: "x".repeat(5001) }, "message", "message must be at most 5000 characters"],
    [{ ...contact, phone: "call me" }, "phone", "phone must be a phone number (digits, spaces, + and -)"],
    [{ ...contact, name: 42 }, "name", "name must be text"],
    [{ ...contact, language: "de" }, "language", "language must be en or fr"],
  ])("refuses bad input with 422 naming the field (%#)", async (payload, field, message) => {
    const before = await count("contact_messages");
    const res = await post("/api/v1/contact", payload);
    expect(res.statusCode).toBe(422);
    const body = res.json<{ code: string; fields: Record<string, string> }>();
    expect(body.code).toBe("validation_error");
    expect(body.fields[field]).toBe(message);
    expect(await count("contact_messages")).toBe(before);
  });

  it("gives one error per field when several are wrong", async () => {
    const res = await post("/api/v1/contact", { email: "x", topic: "booking" });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ fields: object }>().fields).sort()).toEqual(["email", "message", "name"]);
  });

  it("ignores unknown fields instead of storing them", async () => {
    const res = await post("/api/v1/contact", {
      ...contact,
      id: "00000000-0000-0000-0000-000000000000",
      admin: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ id: string }>().id).not.toBe("00000000-0000-0000-0000-000000000000");
  });

  it("answers a body that is not JSON with a clear 4xx, never a 500", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/contact",
      headers: { "content-type": "application/json" },
      payload: "{not json",
      remoteAddress: "10.2.0.1",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "malformed_json" });
    const arr = await post("/api/v1/contact", [contact]);
    expect(arr.statusCode).toBe(422);
  });

  it("limits one address to 5 forms per 10 minutes with a 429", async () => {
    const ip = "10.3.0.1";
    for (let i = 0; i < 5; i++) expect((await post("/api/v1/contact", contact, ip)).statusCode).toBe(201);
    const before = await count("contact_messages");
    const res = await post("/api/v1/contact", contact, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      code: "too_many_attempts",
      message: expect.stringMatching(/too many forms/i),
    });
    expect(res.headers["retry-after"]).toBeDefined();
    expect(await count("contact_messages")).toBe(before);
    // Another address is not affected.
    expect((await post("/api/v1/contact", contact, "10.3.0.2")).statusCode).toBe(201);
  });
});

describe("POST /api/v1/demo-requests", () => {
  it("stores a demo request and answers 201 with a reference", async () => {
    const before = await count("demo_requests");
    const res = await post("/api/v1/demo-requests", { ...demo, message: "  " });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: string; reference: string }>();
    expect(body.reference).toMatch(/^DEM-/);
    expect(await count("demo_requests")).toBe(before + 1);
    const [row] = await ctx.database.db
      .select({
        company: demoRequests.company,
        countryCode: demoRequests.countryCode,
        interest: demoRequests.interest,
        spaces: demoRequests.spaces,
        message: demoRequests.message,
      })
      .from(demoRequests)
      .where(eq(demoRequests.id, body.id));
    expect(row).toEqual({
      company: "Dakar Parking SARL",
      countryCode: "SN",
      interest: "car_park_management",
      spaces: 240,
      message: null,
    });
  });

  it("accepts a request without the optional fields", async () => {
    const { spaces: _spaces, ...rest } = demo;
    expect((await post("/api/v1/demo-requests", rest)).statusCode).toBe(201);
  });

  it.each([
    [{ ...demo, company: "" }, "company", "company is required"],
    [{ ...demo, country_code: "FR" }, "country_code", "country_code must be one of NG, CA, SN, US"],
    [
      { ...demo, interest: "pizza" },
      "interest",
      "interest must be one of business_accounts, car_park_management, ev_charging, events, other",
    ],
    [{ ...demo, spaces: 0 }, "spaces", "spaces must be at least 1"],
    [{ ...demo, spaces: 2.5 }, "spaces", "spaces must be a whole number"],
    [{ ...demo, spaces: "ten" }, "spaces", "spaces must be a number"],
    [{ ...demo, email: "jean@" }, "email", "Please enter a valid email"],
  ])("refuses bad input with 422 naming the field (%#)", async (payload, field, message) => {
    const before = await count("demo_requests");
    const res = await post("/api/v1/demo-requests", payload);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ fields: Record<string, string> }>().fields[field]).toBe(message);
    expect(await count("demo_requests")).toBe(before);
  });
});

describe("POST /api/v1/ev-host-requests", () => {
  it("stores a charger host's site and answers 201 with a reference", async () => {
    const before = await count("ev_host_requests");
    const res = await post("/api/v1/ev-host-requests", { ...host, power_kw: 7.4 });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: string; reference: string }>();
    expect(body.reference).toMatch(/^EVH-[2-9A-HJKMNP-Z]{8}$/);
    expect(await count("ev_host_requests")).toBe(before + 1);
    const [row] = await ctx.database.db
      .select({
        email: evHostRequests.email,
        phone: evHostRequests.phone,
        countryCode: evHostRequests.countryCode,
        city: evHostRequests.city,
        address: evHostRequests.address,
        siteKind: evHostRequests.siteKind,
        spaces: evHostRequests.spaces,
        hasChargers: evHostRequests.hasChargers,
        connectors: evHostRequests.connectors,
        powerKw: evHostRequests.powerKw,
        language: evHostRequests.language,
      })
      .from(evHostRequests)
      .where(eq(evHostRequests.id, body.id));
    expect(row).toEqual({
      email: "awa@hotel-teranga.sn",
      phone: "+221 77 123 45 67",
      countryCode: "SN",
      city: "Dakar",
      address: "12 Avenue Léopold Sédar Senghor",
      siteKind: "hotel",
      spaces: 6,
      hasChargers: true,
      connectors: ["type2", "ccs2"],
      powerKw: "7.4",
      language: "fr",
    });
  });

  it("accepts a site without chargers, phone or message", async () => {
    const { phone: _p, connectors: _c, power_kw: _k, message: _m, ...rest } = host;
    const res = await post("/api/v1/ev-host-requests", { ...rest, has_chargers: false, site_kind: "home" });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.database.db
      .select({ connectors: evHostRequests.connectors, powerKw: evHostRequests.powerKw })
      .from(evHostRequests)
      .where(eq(evHostRequests.id, res.json<{ id: string }>().id));
    expect(row).toEqual({ connectors: [], powerKw: null });
  });

  it("takes every connector a park's charger can have (CHARGER_CONNECTORS), North America's too", async () => {
    const res = await post("/api/v1/ev-host-requests", {
      ...host,
      country_code: "CA",
      city: "Toronto",
      connectors: ["j1772", "ccs1", "nacs"],
    });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.database.db
      .select({ connectors: evHostRequests.connectors })
      .from(evHostRequests)
      .where(eq(evHostRequests.id, res.json<{ id: string }>().id));
    expect(row!.connectors).toEqual(["j1772", "ccs1", "nacs"]);
    // All of them at once: the list's length is the bound, not the old four.
    const every = await post("/api/v1/ev-host-requests", { ...host, connectors: [...CHARGER_CONNECTORS] });
    expect(every.statusCode).toBe(201);
  });

  it("refuses an unknown connector in the database too (the CHECK holds the parks' list)", async () => {
    const insert = (connectors: string[]) =>
      ctx.database.db.execute(sql`INSERT INTO ev_host_requests
        (reference, name, email, country_code, city, address, site_kind, spaces, has_chargers, connectors, power_kw)
        VALUES (${`EVH-T${connectors.join("").length}${nextHost++}`}, 'Awa', 'awa@example.com', 'SN', 'Dakar',
          '1 Rue', 'hotel', 2, true, ${`{${connectors.join(",")}}`}::text[], 22)`);
    await expect(insert(["nacs", "gbt"])).resolves.toBeDefined();
    const refused = await insert(["tesla"]).then(
      () => null,
      (err: unknown) => pgError(err),
    );
    expect(refused).toMatchObject({ code: "23514", constraint: "ev_host_requests_connectors_check" });
  });

  const bare = { ...host, has_chargers: false, connectors: undefined, power_kw: undefined };
  it.each([
    [{ ...host, name: "A" }, "name", "name must be at least 2 characters"],
    [{ ...host, email: "awa@" }, "email", "Please enter a valid email"],
    [{ ...host, phone: "call me" }, "phone", "phone must be a phone number (digits, spaces, + and -)"],
    [{ ...host, country_code: "FR" }, "country_code", "country_code must be one of NG, CA, SN, US"],
    [{ ...host, country_code: "sn" }, "country_code", "country_code must be one of NG, CA, SN, US"],
    [{ ...host, city: "  " }, "city", "city is required"],
    [{ ...host, address: undefined }, "address", "address is required"],
    [{ ...host, address: "x".repeat(301) }, "address", "address must be at most 300 characters"],
    [
      { ...host, site_kind: "castle" },
      "site_kind",
      "site_kind must be one of car_park, hotel, mall, office, home, other",
    ],
    [{ ...host, spaces: 0 }, "spaces", "spaces must be at least 1"],
    [{ ...host, spaces: 1.5 }, "spaces", "spaces must be a whole number"],
    [{ ...host, spaces: undefined }, "spaces", "spaces must be a number"],
    [{ ...host, has_chargers: "yes" }, "has_chargers", "has_chargers must be true or false"],
    [
      { ...host, connectors: ["tesla"] },
      "connectors.0",
      "connectors must be among type2, ccs2, chademo, gbt, ccs1, j1772, nacs",
    ],
    [{ ...host, connectors: ["type2", "type2"] }, "connectors", "connectors must not repeat"],
    [{ ...host, connectors: [] }, "connectors", "connectors are required when the site has chargers"],
    [{ ...host, power_kw: undefined }, "power_kw", "power_kw is required when the site has chargers"],
    [{ ...host, power_kw: 0 }, "power_kw", "power_kw must be more than 0"],
    [{ ...host, power_kw: 1001 }, "power_kw", "power_kw must be at most 1000"],
    [{ ...host, power_kw: 7.45 }, "power_kw", "power_kw must have at most one decimal"],
    [{ ...bare, connectors: ["type2"] }, "connectors", "connectors are only for a site that has chargers"],
    [{ ...bare, power_kw: 22 }, "power_kw", "power_kw is only for a site that has chargers"],
    [{ ...host, message: "x".repeat(5001) }, "message", "message must be at most 5000 characters"],
    [{ ...host, language: "de" }, "language", "language must be en or fr"],
  ])(
    "refuses bad input with 422 naming the field and stores nothing (%#)",
    async (payload, field, message) => {
      const before = await count("ev_host_requests");
      const res = await post("/api/v1/ev-host-requests", payload);
      expect(res.statusCode).toBe(422);
      expect(res.json<{ fields: Record<string, string> }>().fields[field]).toBe(message);
      expect(await count("ev_host_requests")).toBe(before);
    },
  );

  it("names every problem at once, the chargers' beside the other fields'", async () => {
    const res = await post("/api/v1/ev-host-requests", {
      ...host,
      city: "",
      connectors: [],
      power_kw: undefined,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ fields: Record<string, string> }>().fields).toEqual({
      city: "city is required",
      connectors: "connectors are required when the site has chargers",
      power_kw: "power_kw is required when the site has chargers",
    });
  });

  it("limits one address to 5 forms per 10 minutes with a 429, apart from the other forms", async () => {
    const ip = "10.4.0.1";
    for (let i = 0; i < 5; i++)
      expect((await post("/api/v1/ev-host-requests", host, ip)).statusCode).toBe(201);
    const before = await count("ev_host_requests");
    const res = await post("/api/v1/ev-host-requests", host, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      code: "too_many_attempts",
      message: expect.stringMatching(/too many forms/i),
    });
    expect(await count("ev_host_requests")).toBe(before);
    expect((await post("/api/v1/demo-requests", demo, ip)).statusCode).toBe(201);
  });
});
