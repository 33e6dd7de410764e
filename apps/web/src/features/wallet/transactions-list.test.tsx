// @vitest-environment happy-dom
import { LEDGER_KINDS, type LedgerKind, type WalletTransaction } from "@parkwell/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "../../lib/i18n";
import { FakeApi, renderWithApp } from "../../test/render";
import { TransactionsList } from "./transactions-list";

/** What each kind of move paid for, as the API names it (none for a top-up or a reset). */
const SUBJECTS: Record<LedgerKind, WalletTransaction["subject"]> = {
  topup: null,
  booking_charge: { kind: "booking", code: "PW-7K3MQ2" },
  booking_extension: { kind: "booking", code: "PW-7K3MQ2" },
  booking_window_change: { kind: "booking", code: "PW-7K3MQ2" },
  booking_renewal: { kind: "booking", code: "PW-7K3MQ2" },
  booking_overstay: { kind: "pass", code: "MP-4Q8ZK2TA" },
  refund: { kind: "order", code: "ORD-2Z7K9Q" },
  order_charge: { kind: "order", code: "ORD-2Z7K9Q" },
  pass_charge: { kind: "pass", code: "MP-4Q8ZK2TA" },
  vehicle_docs_charge: { kind: "vehicle_docs_request", code: "VD-8M2KQ7" },
  demo_reset: null,
  adjustment: null,
  referral_reward: null,
  guarantee_credit: null,
};
const HREFS = {
  booking: "/booking-details/PW-7K3MQ2",
  pass: "/passes/MP-4Q8ZK2TA",
  order: "/orders/ORD-2Z7K9Q",
  vehicle_docs_request: "/vehicle-docs-renewal/requests/VD-8M2KQ7",
};

const line = (type: LedgerKind, i: number): WalletTransaction => ({
  id: String(i + 1),
  type,
  subject: SUBJECTS[type],
  amount: type === "topup" || type === "refund" ? 5000 : -2500,
  currency: "NGN",
  balance_after: 12_500,
  reference: type === "topup" ? "demo-vehicle-docs:2026-11-27T09:00:00.000Z" : (SUBJECTS[type]?.code ?? null),
  description: null,
  receipt_number: ["demo_reset", "adjustment", "referral_reward", "guarantee_credit"].includes(type)
    ? null
    : `NG-2026-00000${i}`,
  created_at: "2026-11-27T09:00:00.000Z",
});

function fakeWallet() {
  const items = LEDGER_KINDS.map(line);
  return new FakeApi()
    .on("GET /wallet/transactions", {
      json: { data: { items, total: items.length, page: 1, size: 20, pages: 1 } },
    })
    .on("GET /countries", { json: [] });
}

describe("the wallet's history", () => {
  for (const language of ["en", "fr"] as const) {
    it(`names every kind of move the ledger writes in words (${language}), and links it to what it paid for`, async () => {
      await renderWithApp(
        <>
          <h1>Wallet</h1>
          <TransactionsList />
        </>,
        { api: fakeWallet(), route: "/wallet", language },
      );
      const rows = await screen.findAllByRole("listitem");
      expect(rows).toHaveLength(LEDGER_KINDS.length);
      const other = i18n.getFixedT(language, "wallet")("transactions.types.other");
      LEDGER_KINDS.forEach((kind, i) => {
        const row = rows[i]!;
        const title = row.querySelector(".wallet-tx__title")!.textContent!;
        expect(i18n.exists(`wallet:transactions.types.${kind}`, { lng: language }), kind).toBe(true);
        expect(title, kind).not.toBe(other);
        expect(title, kind).not.toContain(kind);
      });
      LEDGER_KINDS.forEach((kind, i) => {
        const row = rows[i]!;
        const subject = SUBJECTS[kind];
        const hrefs = within(row)
          .queryAllByRole("link")
          .map((a) => a.getAttribute("href"));
        if (subject) expect(hrefs, kind).toContain(HREFS[subject.kind]);
        if (!["demo_reset", "adjustment", "referral_reward", "guarantee_credit"].includes(kind))
          expect(hrefs, kind).toContain(`/receipts/NG-2026-00000${i}`);
      });
      // A top-up is found by its receipt, not by a raw payment reference.
      expect(rows[0]!.textContent).not.toContain("demo-vehicle-docs:");
    });
  }
});

describe("every screen that lists ledger moves", () => {
  it.each(["en", "fr"] as const)("has words for every kind the ledger writes (%s)", async (lng) => {
    await i18n.changeLanguage(lng);
    await i18n.loadNamespaces(["wallet", "admin-reports", "admin-people"]);
    for (const kind of LEDGER_KINDS) {
      for (const key of [
        `wallet:transactions.types.${kind}`,
        `admin-reports:status.${kind}`,
        `admin-people:customers.kinds.${kind}`,
      ]) {
        expect(i18n.exists(key, { lng }), key).toBe(true);
      }
    }
  });
});
