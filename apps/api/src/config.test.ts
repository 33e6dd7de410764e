import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("loadConfig", () => {
  it("has defaults that run the app with nothing set", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      DATA_DIR: "./data",
      SEED: true,
      // Nothing set is the first try (no DATABASE_URL, no provider keys): demo mode turns itself on.
      DEMO_MODE: true,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    // The pools then take db/client's defaults (the search's sized on the machine's cores).
    expect(config.DATABASE_POOL_SIZE).toBeUndefined();
    expect(config.DATABASE_SEARCH_POOL_SIZE).toBeUndefined();
    expect(loadConfig({ DATABASE_POOL_SIZE: "6" }).DATABASE_POOL_SIZE).toBe(6);
    expect(loadConfig({ DATABASE_SEARCH_POOL_SIZE: "3" }).DATABASE_SEARCH_POOL_SIZE).toBe(3);
    expect(config.PUBLIC_URL).toBe("http://localhost:3000");
  });

  it("stops with one line naming a bad variable and its value", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(
      /^Invalid configuration: PORT must be a port number \(got "abc"\)$/,
    );
    expect(() => loadConfig({ PORT: "70000" })).toThrow(/PORT must be between 0 and 65535/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(
      /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ URL/,
    );
    expect(() => loadConfig({ SEED: "maybe" })).toThrow(/SEED must be true or false/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE must be at least 1/);
    expect(() => loadConfig({ DATABASE_SEARCH_POOL_SIZE: "x" })).toThrow(
      /DATABASE_SEARCH_POOL_SIZE must be a number/,
    );
    expect(() => loadConfig({ CORS_ORIGINS: "not a url" })).toThrow(/CORS_ORIGINS/);
  });

  it("expires unfinished top-ups after an hour unless told otherwise, in whole minutes up to a week", () => {
    expect(loadConfig({}).PAYMENT_EXPIRE_MINUTES).toBe(60);
    expect(loadConfig({ PAYMENT_EXPIRE_MINUTES: "1" }).PAYMENT_EXPIRE_MINUTES).toBe(1);
    expect(loadConfig({ PAYMENT_EXPIRE_MINUTES: "10080" }).PAYMENT_EXPIRE_MINUTES).toBe(10_080);
    expect(() => loadConfig({ PAYMENT_EXPIRE_MINUTES: "0" })).toThrow(
      /PAYMENT_EXPIRE_MINUTES must be at least 1/,
    );
    expect(() => loadConfig({ PAYMENT_EXPIRE_MINUTES: "10081" })).toThrow(/at most 10080/);
    expect(() => loadConfig({ PAYMENT_EXPIRE_MINUTES: "1.5" })).toThrow(/whole number of minutes/);
  });

  it("reads lists and trims the public URL", () => {
    const config = loadConfig({
      CORS_ORIGINS: "https://a.test, https://b.test",
      PUBLIC_URL: "https://parkwell.test/",
    });
    expect(config.CORS_ORIGINS).toEqual(["https://a.test", "https://b.test"]);
    expect(config.PUBLIC_URL).toBe("https://parkwell.test");
  });

  it("reads the read replicas' URLs, which need a primary, and their lag bound", () => {
    const primary = "postgres://db.example/parkwell";
    expect(loadConfig({}).DATABASE_READ_URLS).toEqual([]);
    expect(loadConfig({}).DATABASE_READ_MAX_LAG_MS).toBe(5_000);
    const config = loadConfig({
      DATABASE_URL: primary,
      DATABASE_READ_URLS: "postgres://r1.example/parkwell, postgresql://r2.example:5433/parkwell",
      DATABASE_READ_MAX_LAG_MS: "1500",
    });
    expect(config.DATABASE_READ_URLS).toEqual([
      "postgres://r1.example/parkwell",
      "postgresql://r2.example:5433/parkwell",
    ]);
    expect(config.DATABASE_READ_MAX_LAG_MS).toBe(1_500);
    expect(() => loadConfig({ DATABASE_URL: primary, DATABASE_READ_URLS: "mysql://r1/x" })).toThrow(
      /^Invalid configuration: DATABASE_READ_URLS must be a comma-separated list of postgres:\/\/ URLs/,
    );
    expect(() => loadConfig({ DATABASE_READ_URLS: "postgres://r1.example/parkwell" })).toThrow(
      /^Invalid configuration: DATABASE_READ_URLS needs DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_READ_MAX_LAG_MS: "50" })).toThrow(/at least 100/);
  });
});

describe("empty variables", () => {
  it("count as unset", () => {
    const config = loadConfig({ DATABASE_URL: "", PORT: "" });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PORT).toBe(3000);
  });
});

describe("DEMO_MODE", () => {
  it("turns itself on only for the first try: not production, no DATABASE_URL and no provider key", () => {
    expect(loadConfig({})).toMatchObject({ DEMO_MODE: true, DEMO_MODE_AUTOMATIC: true });
    for (const env of [
      // NODE_ENV=production is a deployment, even on the embedded database.
      { NODE_ENV: "production" },
      { DATABASE_URL: "postgres://db.example/parkwell" },
      { PAYSTACK_SECRET_KEY: "sk_live_x" },
      { STRIPE_SECRET_KEY: "sk_live_x" },
      { WAVE_API_KEY: "wave_x" },
      { NODE_ENV: "development", DATABASE_URL: "postgres://db.example/parkwell" },
    ]) {
      expect(loadConfig(env), JSON.stringify(env)).toMatchObject({
        DEMO_MODE: false,
        DEMO_MODE_AUTOMATIC: false,
      });
    }
  });

  it("is what DEMO_MODE says when it is set", () => {
    expect(loadConfig({ DEMO_MODE: "false" }).DEMO_MODE).toBe(false);
    const on = loadConfig({ DEMO_MODE: "true", DATABASE_URL: "postgres://db.example/parkwell" });
    expect(on).toMatchObject({ DEMO_MODE: true, DEMO_MODE_AUTOMATIC: false });
    expect(loadConfig({ DEMO_MODE: "", STRIPE_SECRET_KEY: "sk" }).DEMO_MODE).toBe(false);
    expect(() => loadConfig({ DEMO_MODE: "sometimes" })).toThrow(/DEMO_MODE must be true or false/);
  });
});
