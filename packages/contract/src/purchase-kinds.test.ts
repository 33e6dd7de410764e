import { describe, expect, expectTypeOf, it } from "vitest";
import {
  CHECKOUT_KINDS,
  KIND_OF_SUBJECT,
  LEDGER_SUBJECTS,
  PURCHASE_KINDS,
  purchasePage,
  SUBJECT_OF_KEY,
  type CheckoutKind,
  type LedgerKeyPrefix,
  type LedgerSubject,
  type PurchaseKindName,
} from "./purchase-kinds";
import { PaymentPurchaseSchema, PurchaseCheckoutBodySchema, WalletTransactionSchema } from "./wallet";

// The lists are the API's enums (their order is the OpenAPI schema's), the `purchases` rows' kinds
// and the ledger's keys: a change to the table that changes one of them is a deliberate one.
describe("the lists derived from the purchase kinds' facts", () => {
  it("are the engine's kinds, the wallet lines' subjects and the checkout's kinds, in order", () => {
    expect(PURCHASE_KINDS).toEqual(["booking", "pass", "order", "vehicle_docs"]);
    expect(LEDGER_SUBJECTS).toEqual(["booking", "pass", "order", "vehicle_docs_request"]);
    expect(CHECKOUT_KINDS).toEqual(["order", "pass", "vehicle_docs"]);
    expect(WalletTransactionSchema.shape.subject.unwrap().shape.kind.options).toEqual(LEDGER_SUBJECTS);
    expect(PaymentPurchaseSchema.shape.kind.options).toEqual(CHECKOUT_KINDS);
  });

  it("name what a move paid for by its key's first part, and each subject's kind", () => {
    expect(SUBJECT_OF_KEY).toEqual({
      booking: "booking",
      pass: "pass",
      order: "order",
      vehicle_docs: "vehicle_docs_request",
    });
    expect(KIND_OF_SUBJECT).toEqual({
      booking: "booking",
      pass: "pass",
      order: "order",
      vehicle_docs_request: "vehicle_docs",
    });
  });

  it("keep their literal types", () => {
    expectTypeOf<PurchaseKindName>().toEqualTypeOf<"booking" | "pass" | "order" | "vehicle_docs">();
    expectTypeOf<LedgerSubject>().toEqualTypeOf<"booking" | "pass" | "order" | "vehicle_docs_request">();
    expectTypeOf<CheckoutKind>().toEqualTypeOf<"order" | "pass" | "vehicle_docs">();
    expectTypeOf<LedgerKeyPrefix>().toEqualTypeOf<"booking" | "pass" | "order" | "vehicle_docs">();
  });

  it("give each kind's page on the web, the code as given", () => {
    expect(PURCHASE_KINDS.map((k) => purchasePage(k, "C-1"))).toEqual([
      "/booking-details/C-1",
      "/passes/C-1",
      "/orders/C-1",
      "/vehicle-docs-renewal/requests/C-1",
    ]);
    expect(purchasePage("order", "a%2Fb")).toBe("/orders/a%2Fb");
  });

  it("are what the checkout's kind refusal names, every one and no other", () => {
    // The sentence stays a literal (the server catalogue's key): it must name CHECKOUT_KINDS.
    const refused = PurchaseCheckoutBodySchema.safeParse({ kind: "booking", request: {} });
    const named = `${CHECKOUT_KINDS.slice(0, -1).join(", ")} or ${CHECKOUT_KINDS.at(-1)}`;
    expect(refused.error?.issues.map((i) => i.message)).toEqual([`kind must be ${named}`]);
  });
});
