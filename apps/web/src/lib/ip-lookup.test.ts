import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IP_CACHE_TTL_MS, lookupIp, lookupUrls, parseIpResponse } from "./ip-lookup";

// A minimal browser storage, so the one-hour cache can be observed.
function fakeWindow() {
  const data = new Map<string, string>();
  const localStorage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
  vi.stubGlobal("window", { localStorage });
  return data;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("parseIpResponse", () => {
  it("reads the three services' shapes", () => {
    expect(
      parseIpResponse(
        {
          ip: "1.2.3.4",
          country_code: "ng",
          country_name: "Nigeria",
          city: "Lagos",
          latitude: 6.5,
          timezone: "Africa/Lagos",
        },
        "ipapi.co",
        5,
      ),
    ).toMatchObject({
      ip: "1.2.3.4",
      location: {
        countryCode: "NG",
        country: "Nigeria",
        city: "Lagos",
        latitude: 6.5,
        timezone: "Africa/Lagos",
      },
      service: "ipapi.co",
      timestamp: 5,
    });
    expect(
      parseIpResponse(
        {
          ip: "5.6.7.8",
          success: true,
          country: "Canada",
          country_code: "CA",
          timezone: { id: "America/Toronto" },
        },
        "ipwho.is",
        1,
      )?.location,
    ).toMatchObject({ countryCode: "CA", country: "Canada", timezone: "America/Toronto" });
    expect(parseIpResponse({ ip: "9.9.9.9", country: "SN" }, "api.country.is", 1)?.location.countryCode).toBe(
      "SN",
    );
  });

  it("refuses answers without a country or that report failure", () => {
    expect(parseIpResponse({ success: false, country_code: "US" }, "ipwho.is", 1)).toBeNull();
    expect(parseIpResponse({ ip: "1.1.1.1" }, "x", 1)).toBeNull();
    expect(parseIpResponse({ country: "France" }, "x", 1)).toBeNull();
    expect(parseIpResponse("<html>", "x", 1)).toBeNull();
    expect(parseIpResponse(null, "x", 1)).toBeNull();
  });
});

describe("lookupUrls", () => {
  it("defaults to three public services and reads a comma-separated override", () => {
    expect(lookupUrls(undefined)).toHaveLength(3);
    expect(lookupUrls(" http://127.0.0.1:9/a , http://127.0.0.1:9/b ")).toEqual([
      "http://127.0.0.1:9/a",
      "http://127.0.0.1:9/b",
    ]);
    expect(lookupUrls("")).toEqual([]);
  });
});

describe("lookupIp", () => {
  let storage: Map<string, string>;
  beforeEach(() => {
    storage = fakeWindow();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("tries the services in order and caches the first good answer for an hour", async () => {
    const calls: string[] = [];
    const fetchImpl = vi.fn(async (url: string | URL | Request) => {
      calls.push(String(url));
      if (String(url).includes("one")) throw new TypeError("Failed to fetch");
      if (String(url).includes("two")) return json({ error: "rate limited" }, 429);
      return json({ ip: "41.1.1.1", country: "SN" });
    }) as unknown as typeof fetch;
    let now = 1_000;
    const urls = ["https://one.test/", "https://two.test/", "https://three.test/"];
    const first = await lookupIp({ urls, fetchImpl, now: () => now });
    expect(first?.location.countryCode).toBe("SN");
    expect(first?.service).toBe("three.test");
    expect(calls).toEqual(urls);
    expect(JSON.parse(storage.get("parkwell_ip_lookup")!).expiry).toBe(1_000 + IP_CACHE_TTL_MS);

    now += IP_CACHE_TTL_MS - 1;
    await lookupIp({ urls, fetchImpl, now: () => now });
    expect(calls).toHaveLength(3);
    now += 2;
    await lookupIp({ urls, fetchImpl, now: () => now });
    expect(calls).toHaveLength(6);
  });

  it("gives up on a service after its timeout and returns null when all fail, without hanging", async () => {
    vi.useFakeTimers();
    const fetchImpl = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      })) as unknown as typeof fetch;
    const result = lookupIp({
      urls: ["https://a.test/", "https://b.test/", "https://c.test/"],
      fetchImpl,
      timeoutMs: 5_000,
    });
    await vi.advanceTimersByTimeAsync(14_999);
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBeNull();
    expect(storage.has("parkwell_ip_lookup")).toBe(false);
  });

  it("returns null at once when no service is configured", async () => {
    expect(await lookupIp({ urls: [], fetchImpl: vi.fn() as unknown as typeof fetch })).toBeNull();
  });
});
