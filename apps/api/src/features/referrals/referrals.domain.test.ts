import { describe, expect, it } from "vitest";
import { domainMatches, mailboxOf, maskEmail, maskName, refusalOf } from "./referrals.domain";

describe("referrals' rules", () => {
  it("reads one mailbox behind a +tag, case and Gmail's dots", () => {
    expect(mailboxOf("Ada+1@X.com")).toBe("ada@x.com");
    expect(mailboxOf("a.d.a+promo@googlemail.com")).toBe("ada@gmail.com");
    // Elsewhere dots are part of the address.
    expect(mailboxOf("a.da@example.com")).toBe("a.da@example.com");
  });

  it("matches a domain pattern, its subdomains and its wildcards, nothing else", () => {
    expect(domainMatches("mailinator.com", "mailinator.com")).toBe(true);
    expect(domainMatches("mailinator.com", "eu.mailinator.com")).toBe(true);
    expect(domainMatches("mailinator.com", "notmailinator.com")).toBe(false);
    expect(domainMatches("guerrillamail.*", "guerrillamail.net")).toBe(true);
    expect(domainMatches("guerrillamail.*", "guerrillamail-net.org")).toBe(false);
    expect(domainMatches("", "example.com")).toBe(false);
  });

  it("refuses in order: the same mailbox, a blocked domain, the same device", () => {
    const base = { inviterEmail: "ada@example.com", emailPatterns: ["yopmail.*"], sameDevice: false };
    expect(refusalOf({ ...base, inviteeEmail: "Ada+2@example.com" })).toBe("self_referral");
    expect(refusalOf({ ...base, inviteeEmail: "bola@yopmail.fr" })).toBe("blocked_email_domain");
    expect(refusalOf({ ...base, inviteeEmail: "bola@example.com", sameDevice: true })).toBe("same_device");
    expect(refusalOf({ ...base, inviteeEmail: "bola@example.com" })).toBeNull();
  });

  it("masks the invitee for the inviter", () => {
    expect(maskName("Bola", "tinubu")).toBe("Bola T.");
    expect(maskName("Bola", "")).toBe("Bola");
    expect(maskEmail("bola@example.com")).toBe("b***@example.com");
  });
});
