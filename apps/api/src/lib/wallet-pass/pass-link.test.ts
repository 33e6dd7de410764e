import { WALLET_PASS_LINK_TTL_MS } from "@parkwell/contract";
import { describe, expect, it } from "vitest";
import { readPassLink, signPassLink } from "./pass-link";

const SECRET = "a-signing-secret-of-the-test";
const NOW = new Date("2026-12-01T10:00:00Z");
const later = (ms: number) => new Date(NOW.getTime() + ms);
const claim = { k: "booking" as const, r: "6a1f0c2e-8d0b-4f4e-9d55-2f6f3f0a9b11", u: "user-1", l: "fr" };

describe("a .pkpass's plain link", () => {
  it("names its owner and language for its pass until it expires", () => {
    const token = signPassLink(claim, SECRET, NOW);
    expect(readPassLink(token, "booking", claim.r, SECRET, NOW)).toEqual({
      userId: "user-1",
      language: "fr",
    });
    expect(
      readPassLink(token, "booking", claim.r, SECRET, later(WALLET_PASS_LINK_TTL_MS - 1)),
    ).not.toBeNull();
    expect(readPassLink(token, "booking", claim.r, SECRET, later(WALLET_PASS_LINK_TTL_MS))).toBeNull();
  });

  it("lasts until the time it was signed for, when given one (an extension link, the booking's end and a margin)", () => {
    const until = later(40 * 86_400_000);
    const token = signPassLink({ ...claim, k: "extension" }, SECRET, NOW, until);
    expect(readPassLink(token, "extension", claim.r, SECRET, later(30 * 86_400_000))).not.toBeNull();
    expect(readPassLink(token, "extension", claim.r, SECRET, until)).toBeNull();
    expect(readPassLink(token, "booking", claim.r, SECRET, NOW)).toBeNull();
  });

  it("opens no other pass, kind or secret's", () => {
    const token = signPassLink(claim, SECRET, NOW);
    expect(readPassLink(token, "booking", "another-booking", SECRET, NOW)).toBeNull();
    expect(readPassLink(token, "pass", claim.r, SECRET, NOW)).toBeNull();
    expect(readPassLink(token, "booking", claim.r, "another-signing-secret", NOW)).toBeNull();
  });

  it("is nothing when altered, cut, padded or too long", () => {
    const token = signPassLink(claim, SECRET, NOW);
    const [body, sig] = token.split(".") as [string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, "base64url").toString()), u: "user-2" }),
    ).toString("base64url");
    for (const bad of [
      `${forged}.${sig}`,
      body,
      `${token}.x`,
      `.${sig}`,
      `${body}.`,
      `${token}${"a".repeat(600)}`,
    ]) {
      expect(readPassLink(bad, "booking", claim.r, SECRET, NOW), bad).toBeNull();
    }
    // A signed body that is not a claim.
    expect(readPassLink("bm90LWpzb24.c2ln", "booking", claim.r, SECRET, NOW)).toBeNull();
  });
});
