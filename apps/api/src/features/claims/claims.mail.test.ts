import { describe, expect, it } from "vitest";
import { claimDecidedMail } from "./claims.mail";

const facts = {
  code: "CL-7K3MQ2AB",
  firstName: "Ada",
  reason: "barrier_closed" as const,
  subject: "PW-7K3MQ2PT",
  park: "Marina Car Park",
  timeZone: "Africa/Lagos",
  filedAt: new Date("2026-11-26T09:05:00Z"),
  decidedAt: new Date("2026-11-26T15:40:00Z"),
  refund: "₦1,000",
  link: "https://parkwell.test/claims/12",
};

describe("the claim's decision e-mail", () => {
  it("says the refund, the problem and both times on the park's clock with the month, in both parts", () => {
    const mail = claimDecidedMail("en", "ada@parkwell.test", { ...facts, decision: "refunded", note: null });
    expect(mail.subject).toBe("Your claim CL-7K3MQ2AB: ₦1,000 refunded");
    expect(mail.text).toContain("Barrier closed / no attendant");
    expect(mail.text).toContain("Nov 26");
    expect(mail.text).toContain("10:05");
    expect(mail.text).toContain("4:40");
    expect(mail.text).toContain("https://parkwell.test/claims/12");
    expect(mail.html).toContain("PW-7K3MQ2PT · Marina Car Park");
  });

  it("declines in French with staff's words escaped, the colons after a no-break space", () => {
    const mail = claimDecidedMail("fr", "ada@parkwell.test", {
      ...facts,
      decision: "declined",
      note: "La place était <conforme>.",
    });
    expect(mail.subject).toBe("Votre réclamation CL-7K3MQ2AB a été refusée");
    expect(mail.text).toContain("Le mot de notre équipe\u00a0: La place était <conforme>.");
    expect(mail.html).toContain("La place était &lt;conforme&gt;.");
    expect(mail.text).toContain("26 nov.");
    expect(mail.text).toContain("16:40");
  });
});
