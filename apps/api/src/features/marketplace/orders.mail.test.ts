import { learnCurrencies } from "@parkwell/contract";
import { describe, expect, it } from "vitest";
import { orderMail, type OrderMailWords } from "./orders.mail";

const TEMPLATES: OrderMailWords[] = [
  "placed",
  "out_for_delivery",
  "delivered",
  "collected",
  "canceled",
  "rejected",
  "returned",
];
const order = {
  code: "OR-ABC234",
  currency: "XOF",
  decimals: 0,
  totalMinor: 12_500,
  refundMinor: 4_000,
  lines: [{ name: "Caméra <pro>", quantity: 2 }],
  publicUrl: "https://parkwell.test",
};

// As the served countries' rows teach it when the API loads them.
learnCurrencies([{ currency: "XOF", currency_symbol: "CFA", currency_decimals: 0 }]);
/** Money as the mail's language writes it, with its spaces made plain. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");
const AMOUNTS = { en: ["12,500 CFA", "4,000 CFA"], fr: ["12 500 CFA", "4 000 CFA"] };

describe("order e-mails", () => {
  it.each(TEMPLATES.flatMap((t) => (["en", "fr"] as const).map((l) => [t, l] as const)))(
    "%s in %s: code, link, amounts, escaped names, no placeholder left",
    (template, lang) => {
      const mail = orderMail(template, lang, "ada@parkwell.test", order);
      expect(mail.subject).toContain("OR-ABC234");
      expect(mail.link).toBe("https://parkwell.test/orders/OR-ABC234");
      expect(plain(mail.text)).toContain(AMOUNTS[lang][0]);
      expect(mail.text).toContain("2 × Caméra <pro>");
      expect(mail.html).toContain("Caméra &lt;pro&gt;");
      expect(`${mail.subject}${mail.text}`).not.toMatch(/\{\w+\}/);
      if (["canceled", "rejected", "returned"].includes(template))
        expect(plain(mail.text)).toContain(AMOUNTS[lang][1]);
    },
  );

  it("says the company paid an order it paid, and got its refunds, in both languages", () => {
    const paid = { ...order, company: "Acme $& {refund} Ltd" };
    expect(plain(orderMail("placed", "en", "a@b.c", paid).text)).toContain(
      "Thank you: your order is placed and paid by Acme $& {refund} Ltd (12,500 CFA).",
    );
    expect(plain(orderMail("canceled", "fr", "a@b.c", paid).text)).toContain(
      "Votre commande est annulée. Remboursé à Acme $& {refund} Ltd : 4 000 CFA.",
    );
    for (const template of ["placed", "canceled", "rejected", "returned"] as const) {
      for (const lang of ["en", "fr"] as const) {
        const text = orderMail(template, lang, "a@b.c", { ...order, company: "Acme" }).text;
        expect(text).toContain("Acme");
        expect(text).not.toMatch(/wallet|portefeuille/);
      }
    }
    // Stages that move no money say the same either way.
    expect(orderMail("delivered", "en", "a@b.c", paid).text).toBe(
      orderMail("delivered", "en", "a@b.c", order).text,
    );
  });

  it("writes French to a French driver", () => {
    expect(orderMail("canceled", "fr", "a@b.c", order).subject).toBe(
      "Votre commande Parkwell OR-ABC234 est annulée",
    );
  });
});
