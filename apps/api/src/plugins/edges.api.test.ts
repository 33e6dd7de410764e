// What a client can send at the edges of the HTTP layer: every answer is the app's own error shape.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createStaff, createUser, type TestUser } from "../test/factories";
import { createTestContext, TEST_ENGINE, type TestContext } from "../test/harness";

let ctx: TestContext;
let driver: TestUser;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  driver = await createUser(ctx.database.db);
  admin = await createStaff(ctx.database.db, "admin");
});
afterAll(async () => {
  await ctx?.close();
});

const SECURITY_HEADERS = [
  "content-security-policy",
  "x-content-type-options",
  "x-request-id",
  "x-frame-options",
];

describe("errors the router and the parsers raise", () => {
  it.each([
    [
      "a path parameter over the router's limit",
      `/api/v1/front/parks/${"a".repeat(240)}`,
      414,
      "uri_too_long",
    ],
    ["a broken percent-escape", "/api/v1/front/parks/%E0%A4%A", 400, "bad_url"],
  ])(
    "%s answers {message, code} with the security headers, without echoing the path",
    async (_, url, status, code) => {
      const res = await ctx.app.inject({ url, headers: { "x-request-id": "edge-1" } });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ code, message: expect.any(String) });
      expect(res.body).not.toContain("aaaa");
      expect(res.body).not.toContain("%E0");
      for (const h of SECURITY_HEADERS) expect(res.headers[h], h).toBeDefined();
      expect(res.headers["x-request-id"]).toBe("edge-1");
    },
  );
});

/** What the tests read of the OpenAPI document: operations, their parameters and bodies' schemas. */
interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const openApi = async () => (await ctx.app.inject({ url: "/api/openapi.json" })).json<Doc>();

/**
 * The sweeps over every route test the HTTP layer (the router, the parsers, the schemas and the
 * error plugin), which is the same code on both engines: they run once, on the default engine
 * that every run has (PGlite), which keeps half a minute off the PostgreSQL run. The cases that
 * reach the database run on both.
 */
const sweep = TEST_ENGINE === "postgres" ? it.skip : it;

describe("NUL characters", () => {
  sweep("are refused with 422 or 404 wherever a string goes in, on every route", async () => {
    const doc = await openApi();
    const seen: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const params = op.parameters ?? [];
        const query = params.filter((p) => p.in === "query").map((p) => p.name);
        const body = Object.keys(op.requestBody?.content?.["application/json"]?.schema?.properties ?? {});
        const attempts: { url: string; payload?: object }[] = [];
        if (path.includes("{")) attempts.push({ url: path.replace(/\{[^}]+\}/g, "PW-%00") });
        const plain = path.replace(/\{[^}]+\}/g, "x");
        for (const name of query) attempts.push({ url: `${plain}?${name}=%00` });
        for (const name of body) attempts.push({ url: plain, payload: { [name]: "bad\u0000text" } });
        for (const attempt of attempts) {
          const res = await ctx.app.inject({
            method: method.toUpperCase() as "GET",
            url: attempt.url,
            // The back office's routes check the permission first: as an admin, the input is read.
            headers: {
              ...bearer(path.startsWith("/api/v1/admin") ? admin : driver),
              "idempotency-key": "nul-test-key",
            },
            ...(attempt.payload ? { payload: attempt.payload } : {}),
          });
          const where = `${method.toUpperCase()} ${attempt.url} ${JSON.stringify(attempt.payload ?? "")}`;
          expect({ where, status: res.statusCode }).toEqual({ where, status: expect.toBeOneOf([404, 422]) });
          seen.push(where);
        }
      }
    }
    expect(seen.length).toBeGreaterThan(40);
  });

  it("in the places the review found them, changes nothing", async () => {
    const before = (await ctx.app.inject({ url: "/api/v1/users/profile", headers: bearer(driver) })).json();
    const cases = [
      { method: "GET", url: "/api/v1/front/parks/%00" },
      { method: "GET", url: "/api/v1/front/parks/%00/rate" },
      { method: "GET", url: "/api/v1/front/parks/%00/availability" },
      { method: "PATCH", url: "/api/v1/users/profile", payload: { first_name: "Ada\u0000" } },
      { method: "POST", url: "/api/v1/user/vehicles/", payload: { plate_number: "ABC\u0000123" } },
      { method: "GET", url: "/api/v1/bookings/PW-%00" },
      { method: "POST", url: "/api/v1/wallet/verify-payment?payment_reference=PW-%00" },
      { method: "POST", url: "/api/v1/wallet/credit?amount=10&reference=PW-%00" },
    ] as const;
    for (const c of cases) {
      const res = await ctx.app.inject({ ...c, headers: bearer(driver) });
      expect({ url: c.url, status: res.statusCode }).toEqual({
        url: c.url,
        status: expect.toBeOneOf([404, 422]),
      });
      expect(res.json()).toEqual(
        expect.objectContaining({ message: expect.any(String), code: expect.any(String) }),
      );
    }
    const after = (await ctx.app.inject({ url: "/api/v1/users/profile", headers: bearer(driver) })).json();
    expect(after).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// The fuzzer's classes over every operation of the OpenAPI document: integers past int4 and int8
// in every number, unpaired surrogates in every string, deep nesting as the whole body. A new
// route is covered by being in the document.

type Kind = "integer" | "number" | "string";
/** A place a client writes a value: its path in the body (`parks.0.park_id`) and its type. */
interface Leaf {
  path: (string | number)[];
  kind: Kind;
}

/** Integers past int4 and past int8 (and the double past them all), either sign. */
const BIG_INTEGERS = [
  "2147483648",
  "-2147483649",
  "9007199254740993",
  "9223372036854775808",
  "-9223372036854775809",
  "18446744073709551616",
  "1e400",
];
/** Values no integer column, nor a safe JavaScript integer, holds: refused whatever the field's type. */
const UNSAFE = new Set(BIG_INTEGERS.filter((v) => v !== "2147483648" && v !== "-2147483649"));
/** A high surrogate alone, a low one alone, and the two in the wrong order (JSON escapes). */
const SURROGATES = ["\\ud800", "x\\udfff", "\\udc00\\ud800"];

const kindsOf = (s: JsonSchema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** Every leaf of a schema, through $refs, unions, objects and arrays (an array's first item). */
function leavesOf(doc: Doc, schema: JsonSchema | undefined): Leaf[] {
  const out = new Map<string, Leaf>();
  const walk = (s: JsonSchema | undefined, at: (string | number)[], refs: string[]): void => {
    if (!s) return;
    if (s.$ref) {
      const name = s.$ref.split("/").pop()!;
      if (refs.includes(name)) return;
      return walk(doc.components?.schemas?.[name], at, [...refs, name]);
    }
    for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(branch, at, refs);
    for (const [key, inner] of Object.entries(s.properties ?? {})) walk(inner, [...at, key], refs);
    if (s.items) walk(s.items, [...at, 0], refs);
    for (const kind of kindsOf(s)) {
      if (kind !== "integer" && kind !== "number" && kind !== "string") continue;
      out.set(`${at.join(".")}:${kind}`, { path: at, kind });
    }
  };
  walk(schema, [], []);
  return [...out.values()];
}

/** The JSON text of a body holding `raw` (JSON text) at `path` and nothing else. */
function bodyWith(path: (string | number)[], raw: string): string {
  let text = raw;
  for (let i = path.length - 1; i >= 0; i--) {
    const key = path[i]!;
    text = typeof key === "number" ? `[${text}]` : `{${JSON.stringify(key)}:${text}}`;
  }
  return text;
}

/** A value a path parameter's schema takes, so the request gets past the parameters to the rest. */
function pathValue(schema: JsonSchema | undefined): string {
  if (schema?.enum?.length) return String(schema.enum[0]);
  if (schema?.pattern?.startsWith("^\\d")) return "1";
  if (schema?.pattern === "^[A-Za-z]{2}$") return "NG";
  return "x";
}

describe.skipIf(TEST_ENGINE === "postgres")(
  "the fuzzer's classes, on every operation of the OpenAPI document",
  () => {
    let doc: Doc;
    const operations: { method: string; path: string; op: Operation }[] = [];
    beforeAll(async () => {
      doc = await openApi();
      for (const [path, ops] of Object.entries(doc.paths)) {
        for (const [method, op] of Object.entries(ops))
          operations.push({ method: method.toUpperCase(), path, op });
      }
    });

    const urlOf = (path: string, op: Operation, replace: Record<string, string> = {}) =>
      path.replace(/\{([^}]+)\}/g, (_, name: string) => {
        if (name in replace) return replace[name]!;
        const param = op.parameters?.find((p) => p.in === "path" && p.name === name);
        return encodeURIComponent(pathValue(param?.schema));
      });

    const send = (method: string, path: string, url: string, payload?: string, who?: TestUser) =>
      ctx.app.inject({
        method: method as "GET",
        url,
        headers: {
          // The back office's routes check the permission first: as an admin, the input is read.
          ...bearer(who ?? (path.startsWith("/api/v1/admin") ? admin : driver)),
          "idempotency-key": "fuzz-test-key",
          ...(payload === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(payload === undefined ? {} : { payload }),
      });

    /** The field a 422 names, in the error plugin's spelling (`parks.0.park_id`). */
    const fieldsOf = (res: { statusCode: number; json: () => unknown }) =>
      res.statusCode === 422 ? Object.keys((res.json() as { fields?: object }).fields ?? {}) : [];

    it("refuses integers past int4 and int8 in every number of every body, naming the field", async () => {
      const failures: string[] = [];
      let tried = 0;
      for (const { method, path, op } of operations) {
        const body = op.requestBody?.content?.["application/json"]?.schema;
        for (const leaf of leavesOf(doc, body).filter((l) => l.kind !== "string")) {
          const name = leaf.path.join(".");
          for (const value of BIG_INTEGERS) {
            if (leaf.kind === "number" && !UNSAFE.has(value)) continue;
            const res = await send(method, path, urlOf(path, op), bodyWith(leaf.path, value));
            tried += 1;
            if (res.statusCode !== 422 || !fieldsOf(res).includes(name)) {
              failures.push(
                `${method} ${path} ${name}=${value}: ${res.statusCode} ${res.body.slice(0, 160)}`,
              );
            }
          }
        }
      }
      expect(failures).toEqual([]);
      expect(tried).toBeGreaterThan(300);
    }, 300_000);

    it("refuses them in every number of every query and every path parameter, never with a 5xx", async () => {
      const failures: string[] = [];
      for (const { method, path, op } of operations) {
        for (const param of op.parameters ?? []) {
          if (param.in !== "query" && param.in !== "path") continue;
          const numeric = leavesOf(doc, param.schema).some((l) => l.kind !== "string");
          const digits = param.schema?.pattern?.startsWith("^\\d") ?? false;
          for (const value of BIG_INTEGERS) {
            const url =
              param.in === "path"
                ? urlOf(path, op, { [param.name]: value })
                : `${urlOf(path, op)}?${param.name}=${value}`;
            const res = await send(method, path, url);
            const refused = res.statusCode >= 400 && res.statusCode < 500;
            // A number or an id refuses it; free text (a search, a code) may look it up and find nothing.
            const ok = numeric || digits ? refused : res.statusCode < 500;
            if (!ok) failures.push(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 160)}`);
          }
        }
      }
      expect(failures).toEqual([]);
    }, 300_000);

    it("refuses an unpaired surrogate in every string of every body and in any key, naming the field", async () => {
      const failures: string[] = [];
      let tried = 0;
      for (const { method, path, op } of operations) {
        const body = op.requestBody?.content?.["application/json"]?.schema;
        if (!body) continue;
        const attempts = leavesOf(doc, body)
          .filter((l) => l.kind === "string")
          .flatMap((l) =>
            SURROGATES.map((s) => ({ name: l.path.join("."), text: bodyWith(l.path, `"${s}"`) })),
          );
        attempts.push({ name: "\ud800", text: `{"\\ud800":"x"}` });
        for (const { name, text } of attempts) {
          const res = await send(method, path, urlOf(path, op), text);
          tried += 1;
          const code = res.statusCode === 422 ? (res.json() as { code: string }).code : undefined;
          if (code !== "invalid_characters" || !fieldsOf(res).includes(name)) {
            failures.push(`${method} ${path} ${text}: ${res.statusCode} ${res.body.slice(0, 160)}`);
          }
        }
      }
      expect(failures).toEqual([]);
      expect(tried).toBeGreaterThan(300);
    }, 300_000);

    it("answers a surrogate's bytes in a query or a path with a 4xx or a plain answer, never a 5xx", async () => {
      const failures: string[] = [];
      // UTF-8 cannot carry a surrogate: its CESU-8 bytes are what a client can try in a URL.
      for (const value of ["%ED%A0%80", "x%ED%B0%80"]) {
        for (const { method, path, op } of operations) {
          for (const param of op.parameters ?? []) {
            if (param.in !== "query" && param.in !== "path") continue;
            const url =
              param.in === "path"
                ? urlOf(path, op, { [param.name]: value })
                : `${urlOf(path, op)}?${param.name}=${value}`;
            const res = await send(method, path, url);
            if (res.statusCode >= 500)
              failures.push(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 160)}`);
          }
        }
      }
      expect(failures).toEqual([]);
    }, 300_000);

    it("answers a deeply nested body with a 400 on every operation that reads a body", async () => {
      // Its own users: a route that read such a body and went on could sign the driver out.
      const who = {
        driver: await createUser(ctx.database.db),
        admin: await createStaff(ctx.database.db, "admin"),
      };
      const deepArray = "[".repeat(10_000) + "]".repeat(10_000);
      const deepObject = '{"a":'.repeat(50_000) + "1" + "}".repeat(50_000);
      const failures: string[] = [];
      let tried = 0;
      for (const { method, path, op } of operations) {
        // GET and HEAD carry no body: Fastify does not read one.
        if (method === "GET" || method === "HEAD") continue;
        for (const body of [deepArray, deepObject]) {
          const user = path.startsWith("/api/v1/admin") ? who.admin : who.driver;
          const res = await send(method, path, urlOf(path, op), body, user);
          tried += 1;
          const code = res.statusCode === 400 ? (res.json() as { code: string }).code : undefined;
          if (code !== "body_too_deep") {
            failures.push(
              `${method} ${path} (${body.slice(0, 5)}...): ${res.statusCode} ${res.body.slice(0, 160)}`,
            );
          }
        }
      }
      expect(failures).toEqual([]);
      expect(tried).toBeGreaterThan(100);
    }, 300_000);

    it("reads a body nested up to the bound, refuses one as deep as the body limit allows, 413 past the limit", async () => {
      const contact = {
        name: "Ada Obi",
        email: "ada@example.com",
        topic: "booking",
        message: "Where is my car?",
      };
      const post = (payload: string) =>
        ctx.app.inject({
          method: "POST",
          url: "/api/v1/contact",
          payload,
          headers: { "content-type": "application/json" },
          remoteAddress: "10.41.8.1",
        });
      // An unknown field is dropped, however deep: 32 levels is a body like any other.
      const atBound = JSON.stringify({
        ...contact,
        extra: JSON.parse("[".repeat(31) + "]".repeat(31)) as unknown,
      });
      expect((await post(atBound)).statusCode).toBe(201);
      const past = JSON.stringify({
        ...contact,
        extra: JSON.parse("[".repeat(32) + "]".repeat(32)) as unknown,
      });
      expect((await post(past)).json()).toEqual({
        code: "body_too_deep",
        message: "The request body is nested too deeply",
      });
      // Brackets in a string are text, not depth.
      expect((await post(JSON.stringify({ ...contact, message: "[".repeat(5000) }))).statusCode).toBe(201);
      const half = 1_048_576 / 2 - 1;
      expect((await post("[".repeat(half) + "]".repeat(half))).json()).toMatchObject({
        code: "body_too_deep",
      });
      expect((await post("[".repeat(half + 2) + "]".repeat(half + 2))).json()).toMatchObject({
        code: "body_too_large",
      });
    });
  },
);
