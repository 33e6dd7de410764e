import { describe, expect, it } from "vitest";
import {
  assignableRoles,
  invitationState,
  parksError,
  parksInScope,
  resolveOperator,
  type Actor,
} from "./staff.domain";

const admin: Actor = { userId: "a", role: "admin", operatorId: null, parkIds: null };
const manager: Actor = { userId: "m", role: "branch_manager", operatorId: 7, parkIds: [1, 2, 3] };
const attendant: Actor = { userId: "e", role: "employee", operatorId: 7, parkIds: [2] };

describe("who may give which role", () => {
  it("an admin any, a manager its operator's manager and staff roles, others the roles below", () => {
    expect(assignableRoles(admin)).toEqual([
      "admin",
      "branch_manager",
      "employee",
      "pos_operator",
      "delivery_boy",
    ]);
    expect(assignableRoles(manager)).toEqual(["branch_manager", "employee", "pos_operator", "delivery_boy"]);
    expect(assignableRoles(attendant)).toEqual(["employee", "pos_operator", "delivery_boy"]);
    expect(assignableRoles({ ...attendant, operatorId: null })).toEqual([]);
  });

  it("resolves the operator: an admin names it (none for an admin), others give their own", () => {
    expect(resolveOperator(admin, "admin", null)).toEqual({ operatorId: null });
    expect(resolveOperator(admin, "admin", 7)).toEqual({
      errors: { operator_id: "A Parkwell admin belongs to no operator" },
    });
    expect(resolveOperator(admin, "employee", undefined)).toEqual({
      errors: { operator_id: "Choose the operator this person works for" },
    });
    expect(resolveOperator(admin, "employee", 9)).toEqual({ operatorId: 9 });
    expect(resolveOperator(manager, "employee", undefined)).toEqual({ operatorId: 7 });
    expect(resolveOperator(manager, "employee", 8)).toEqual({ errors: { operator_id: "Unknown operator" } });
    expect(resolveOperator(manager, "admin", undefined)).toEqual({
      errors: { role: "You cannot give this role" },
    });
    expect(resolveOperator(attendant, "branch_manager", undefined)).toEqual({
      errors: { role: "You cannot give this role" },
    });
  });
});

describe("parks", () => {
  it("every park for managers and admins, at least one for attendants and cashiers", () => {
    expect(parksError("branch_manager", [1])).toEqual({
      park_ids: "This role works at every park of its operator: choose no parks",
    });
    expect(parksError("branch_manager", [])).toBeNull();
    expect(parksError("employee", [])).toEqual({ park_ids: "Choose at least one park" });
    expect(parksError("pos_operator", [1])).toBeNull();
    expect(parksError("delivery_boy", [])).toBeNull();
  });

  it("names only the operator's parks within the caller's own scope", () => {
    expect(parksInScope(manager, [1, 3], [1, 2, 3, 4])).toBe(true);
    expect(parksInScope(manager, [4], [1, 2, 3, 4])).toBe(false);
    expect(parksInScope(manager, [9], [1, 2, 3])).toBe(false);
    expect(parksInScope(admin, [4], [1, 2, 3, 4])).toBe(true);
    expect(parksInScope(attendant, [1], [1, 2])).toBe(false);
  });
});

describe("invitation state", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  const base = { acceptedAt: null, revokedAt: null, expiresAt: new Date("2026-11-26T12:00:00Z") };
  it("accepted and withdrawn win over expiry; expired at the instant itself", () => {
    expect(invitationState(base, now)).toBe("pending");
    expect(invitationState({ ...base, expiresAt: now }, now)).toBe("expired");
    expect(invitationState({ ...base, acceptedAt: now, expiresAt: new Date(0) }, now)).toBe("accepted");
    expect(invitationState({ ...base, revokedAt: now }, now)).toBe("revoked");
  });
});
