import { afterEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import { api, ApiError, apiUpload } from "./api";

/** The browser the client runs in: a signed-in tab showing French. */
function stubWindow() {
  const storage = new Map([
    ["parkwell_user_token", "tok-123"],
    ["language", "fr"],
  ]);
  vi.stubGlobal("window", {
    location: { origin: "https://parkwell.test", pathname: "/admin" },
    localStorage: { getItem: (k: string) => storage.get(k) ?? null },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("api (JSON and forms)", () => {
  it("sends JSON with its type, a form without one (the browser writes the boundary), both with the token", async () => {
    stubWindow();
    const sent: { headers: Record<string, string>; body: unknown }[] = [];
    vi.stubGlobal("fetch", async (_url: URL, init: { headers: Record<string, string>; body: unknown }) => {
      sent.push(init);
      return new Response("{}", { headers: { "content-type": "application/json" } });
    });
    await api("/auth/forgot-password", { method: "POST", body: { email: "ada@example.com" } });
    const form = new FormData();
    form.append("image", new Blob(["x"]), "x.png");
    await api("/admin/marketplace/items/{id}/images", { method: "POST", params: { id: 4 }, body: form });
    expect(sent[0]?.headers["content-type"]).toBe("application/json");
    expect(sent[0]?.body).toBe('{"email":"ada@example.com"}');
    expect(sent[1]?.headers["content-type"]).toBeUndefined();
    expect(sent[1]?.body).toBe(form);
    for (const s of sent) expect(s.headers.authorization).toBe("Bearer tok-123");
  });
});

class FakeXhr {
  static last: FakeXhr | undefined;
  headers: Record<string, string> = {};
  opened: [string, string] | undefined;
  status = 0;
  responseText = "";
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  sent: unknown;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.opened = [method, url];
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.sent = body;
  }
}

describe("api (paths)", () => {
  it("fills the path's {name} segments, each encoded, and adds the query", async () => {
    stubWindow();
    const urls: string[] = [];
    vi.stubGlobal("fetch", async (url: URL) => {
      urls.push(url.toString());
      return new Response("{}", { headers: { "content-type": "application/json" } });
    });
    await api("/bookings/{bookingCode}", { params: { bookingCode: "PW 7/K?" } });
    await api("/bookings/list", { query: { page: 2, size: 10, status_filter: undefined } });
    await api("/admin/orders", { query: "page=1&size=25&stage=placed" });
    expect(urls).toEqual([
      "https://parkwell.test/api/v1/bookings/PW%207%2FK%3F",
      "https://parkwell.test/api/v1/bookings/list?page=2&size=10",
      "https://parkwell.test/api/v1/admin/orders?page=1&size=25&stage=placed",
    ]);
  });

  it("refuses a path whose {name} segment has no value, sending nothing", async () => {
    stubWindow();
    const fetched = vi.fn();
    vi.stubGlobal("fetch", fetched);
    const call = api as (path: string, options?: unknown) => Promise<unknown>;
    await expect(call("/bookings/{bookingCode}", {})).rejects.toThrow("No value for {bookingCode}");
    expect(fetched).not.toHaveBeenCalled();
  });
});

describe("api (types from the OpenAPI document)", () => {
  // Checked by `npm run typecheck`, not run: each @ts-expect-error fails the typecheck when the
  // client stops refusing what it marks.
  it("refuses a path, a method, a path's value, a body or a field the document lacks", () => {
    const calls = async () => {
      // @ts-expect-error: not a path of the document
      await api("/no-such-route", {});
      // @ts-expect-error: the path answers no DELETE
      await api("/countries", { method: "DELETE" });
      // @ts-expect-error: the {id} segment needs its value
      await api("/user/vehicles/{id}", { method: "DELETE" });
      // @ts-expect-error: not the body the document asks for
      await api("/auth/login", { method: "POST", body: { email: "ada@example.com" } });
      const figures = await api("/parks/front/figures");
      expectTypeOf(figures).toEqualTypeOf<{
        parks: number;
        cities: number;
        countries: number;
        monthly_active_users: number | null;
        monthly_bookings: number | null;
        satisfaction_percent: number | null;
      }>();
      // @ts-expect-error: not a field of the answer
      return figures.park_count;
    };
    expectTypeOf(calls).toBeFunction();
  });
});

describe("apiUpload (XHR, with progress)", () => {
  it("carries the same headers as every request and reports progress", async () => {
    stubWindow();
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const ratios: number[] = [];
    const form = new FormData();
    const done = apiUpload("/admin/parks/{id}/photos", { params: { id: 4 }, form }, (r) => ratios.push(r));
    const xhr = FakeXhr.last!;
    expect(xhr.opened).toEqual(["POST", "https://parkwell.test/api/v1/admin/parks/4/photos"]);
    expect(xhr.headers).toEqual({
      accept: "application/json",
      "accept-language": "fr",
      authorization: "Bearer tok-123",
    });
    expect(xhr.sent).toBe(form);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    xhr.status = 201;
    xhr.responseText = '{"id":4}';
    xhr.onload?.();
    await expect(done).resolves.toEqual({ id: 4 });
    expect(ratios).toEqual([0.25]);
  });

  it("maps a refusal as api does: the server's code, sentence and fields", async () => {
    stubWindow();
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const done = apiUpload(
      "/admin/parks/{id}/photos",
      { params: { id: 4 }, form: new FormData() },
      () => undefined,
    );
    const xhr = FakeXhr.last!;
    xhr.status = 422;
    xhr.responseText = JSON.stringify({
      code: "validation_error",
      message: "Bad photo",
      fields: { photo: "Too big" },
    });
    xhr.onload?.();
    const err = (await done.catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect([err.status, err.code, err.message, err.fields]).toEqual([
      422,
      "validation_error",
      "Bad photo",
      { photo: "Too big" },
    ]);
  });

  it("turns a lost connection into the network error", async () => {
    stubWindow();
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
    const done = apiUpload(
      "/admin/parks/{id}/photos",
      { params: { id: 4 }, form: new FormData() },
      () => undefined,
    );
    FakeXhr.last!.onerror?.();
    const err = (await done.catch((e: unknown) => e)) as ApiError;
    expect([err.status, err.code]).toEqual([0, "network_error"]);
  });
});
