import { describe, expect, it } from "vitest";
import { callsIn, matchesDocumentPath, webCalls } from "./web-calls";

const scan = (source: string) => callsIn("features/x/api.ts", source, "/api/v1");

describe("the web app's calls, read from its sources", () => {
  it("reads the path and the method of each call of the client, GET when none is written", () => {
    const { calls, unresolved } = scan(`
      export const one = (code: string) =>
        api<Booking>(\`/bookings/\${encodeURIComponent(code)}/status\`, { method: "PUT", query: { status } });
      export const list = () => api<Page>("/bookings/list", { query: { page: 1 } });
      export const plain = () => api("/wallet");
      export const typed = (id: number) => api("/user/vehicles/{id}/default", { params: { id }, method: "PUT" });
    `);
    expect(unresolved).toEqual([]);
    expect(calls).toEqual([
      { method: "PUT", path: "/api/v1/bookings/{}/status", where: "features/x/api.ts:3" },
      { method: "GET", path: "/api/v1/bookings/list", where: "features/x/api.ts:4" },
      { method: "GET", path: "/api/v1/wallet", where: "features/x/api.ts:5" },
      { method: "PUT", path: "/api/v1/user/vehicles/{}/default", where: "features/x/api.ts:6" },
    ]);
  });

  it("follows a local wrapper that passes its parameter on as the path", () => {
    const { calls, unresolved } = scan(`
      const post = <T>(path: string, body: unknown) => api<T>(path, { method: "POST", body });
      function remove(id: number, path: string) { return api(path, { method: "DELETE" }); }
      export const login = () => post<AuthResponse>("/auth/login", {});
      export const drop = (id: number) => remove(id, \`/user/vehicles/\${id}\`);
      function adminApi<P>(path: P, ...[options]: OptionsArg<P>) { return api(\`/admin\${path}\`, options); }
      export const me = () => adminApi("/parks/{id}", { params: { id: 4 }, method: "PATCH" });
    `);
    expect(unresolved).toEqual([]);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "POST /api/v1/auth/login",
      "DELETE /api/v1/user/vehicles/{}",
      "PATCH /api/v1/admin/parks/{}",
    ]);
  });

  it("reads fetches of the app's own API, written out, and leaves other fetches alone", () => {
    const { calls } = scan(`
      await fetch("/api/health", { cache: "no-store" });
      await fetch("https://ipapi.example/json");
      await fetch(url);
    `);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /api/health"]);
  });

  it("reports a call whose path or method is not written out where it is made", () => {
    const { calls, unresolved } = scan(`
      const where = "/wallet";
      export const a = () => api(where);
      export const b = (method: "PUT") => api("/wallet", { method });
      export const c = (options: RequestOptions) => api("/wallet", options);
    `);
    expect(calls).toEqual([]);
    expect(unresolved).toEqual([
      "features/x/api.ts:3: the path is not written out",
      "features/x/api.ts:4: the method is not written out",
      "features/x/api.ts:5: the method is not written out",
    ]);
  });

  it("matches a placeholder with a path parameter only, and a trailing slash exactly", () => {
    expect(matchesDocumentPath("/api/v1/bookings/{}", "/api/v1/bookings/{bookingCode}")).toBe(true);
    expect(matchesDocumentPath("/api/v1/bookings/list", "/api/v1/bookings/{bookingCode}")).toBe(true);
    expect(matchesDocumentPath("/api/v1/bookings/{}", "/api/v1/bookings/list")).toBe(false);
    expect(matchesDocumentPath("/api/v1/user/vehicles", "/api/v1/user/vehicles/")).toBe(false);
    expect(matchesDocumentPath("/api/v1/bookings/{}/status", "/api/v1/bookings/{id}")).toBe(false);
  });

  it("finds the web app's calls, none left unresolved", () => {
    const { calls, unresolved } = webCalls();
    expect(unresolved).toEqual([]);
    const found = calls.map((c) => `${c.method} ${c.path}`);
    // A few the scan must always see, so that a scan that reads nothing fails too.
    expect(found).toEqual(
      expect.arrayContaining([
        "GET /api/v1/parks/front/parks/",
        "POST /api/v1/auth/login",
        "POST /api/v1/bookings",
        "PUT /api/v1/user/vehicles/{}",
        "GET /api/health",
      ]),
    );
  });
});
