import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { helmetHeaders, inlineScriptHashes } from "./security";

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

describe("inlineScriptHashes", () => {
  const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

  it("hashes each script written inline, byte for byte, and nothing that runs no inline code", () => {
    const first = '\n      (function () { document.cookie = "a=é"; })();\n    ';
    const html =
      `<html><head><script>${first}</script><script type="module" crossorigin src="/assets/i.js"></script>` +
      '<script type="application/ld+json">{"@type":"Place"}</script></head><body>' +
      '<script type="application/json" id="parkwell-state">{}</script><script type="module">go()</script>' +
      "</body></html>";
    expect(inlineScriptHashes(html)).toEqual([sha256(first), sha256("go()")]);
    expect(inlineScriptHashes("<html><head></head></html>")).toEqual([]);
  });
});
