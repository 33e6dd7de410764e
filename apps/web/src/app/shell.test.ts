import { describe, expect, it } from "vitest";
import { avatarText, mayHaveBackOffice } from "./profile-menu";
import { LOADER_CAP, nextProgress } from "./startup-loader";

describe("start-up loader progress", () => {
  it("rises but never passes 85 percent before the page is ready", () => {
    let p = 10;
    for (let i = 0; i < 500; i++) {
      const next = nextProgress(p);
      expect(next).toBeGreaterThanOrEqual(p);
      p = next;
    }
    expect(p).toBe(LOADER_CAP);
    expect(LOADER_CAP).toBe(85);
  });
});

describe("avatarText", () => {
  it("is the initial of first_name, or 'User' when there is none", () => {
    expect(avatarText("ada", "User")).toBe("A");
    expect(avatarText("  émile", "User")).toBe("É");
    expect(avatarText("", "User")).toBe("User");
    expect(avatarText(null, "User")).toBe("User");
    expect(avatarText(undefined, "Utilisateur")).toBe("Utilisateur");
  });
});

describe("the profile menu's back-office link", () => {
  it("asks /admin/me only for a profile whose role is not customer", () => {
    expect(mayHaveBackOffice({ email: "a@b.c", role: "admin" })).toBe(true);
    expect(mayHaveBackOffice({ email: "a@b.c", role: "branch_manager" })).toBe(true);
    expect(mayHaveBackOffice({ email: "a@b.c", role: "customer" })).toBe(false);
    expect(mayHaveBackOffice({ email: "a@b.c" })).toBe(false);
    expect(mayHaveBackOffice(null)).toBe(false);
  });
});
