import { describe, expect, it } from "vitest";
import { MAIL_LEASE_MS } from "../apps/api/src/jobs/mail-job";
import { isLeaseGap } from "./test-faults-checks";

const KILLED = 1_000_000;

describe("the fault test's one allowed repeat of a confirmation", () => {
  it("is a copy accepted just before the kill, or stamped a moment after it, then one a lease later", () => {
    expect(isLeaseGap([KILLED - 300, KILLED + MAIL_LEASE_MS + 200], KILLED)).toBe(true);
    // The peer read the killed process's last bytes after the signal (seen at 0.0 s, 70.2 s).
    expect(isLeaseGap([KILLED + 40, KILLED + 70_200], KILLED)).toBe(true);
  });

  it("is not a copy sent well after the kill, a second copy before the lease ran out, or a third", () => {
    expect(isLeaseGap([KILLED + 2_000, KILLED + MAIL_LEASE_MS + 200], KILLED)).toBe(false);
    expect(isLeaseGap([KILLED - 300, KILLED + 10_000], KILLED)).toBe(false);
    expect(isLeaseGap([KILLED - 300, KILLED + MAIL_LEASE_MS, KILLED + 2 * MAIL_LEASE_MS], KILLED)).toBe(
      false,
    );
    expect(isLeaseGap([KILLED - 60_000, KILLED + MAIL_LEASE_MS], KILLED)).toBe(false);
    expect(isLeaseGap([KILLED - 300, KILLED + MAIL_LEASE_MS], null)).toBe(false);
  });
});
