import { describe, expect, it } from "vitest";
import { helmetHeaders } from "./security";

describe("helmetHeaders", () => {
  it("computes helmet's headers once from the configuration", () => {
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: [] },
      },
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    });
    expect(headers["content-security-policy"]).toBe("default-src 'self';upgrade-insecure-requests");
    expect(headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["x-powered-by"]).toBeUndefined();
  });

  it("refuses a policy helmet refuses, at start rather than per request", () => {
    expect(() =>
      helmetHeaders({ contentSecurityPolicy: { useDefaults: false, directives: { scriptSrc: ["self"] } } }),
    ).toThrow(/invalid directive value for "script-src"/);
  });
});
