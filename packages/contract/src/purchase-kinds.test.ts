import { describe, expect, expectTypeOf, it } from "vitest";
import {
  CHECKOUT_KINDS,
  KIND_OF_SUBJECT,
  LEDGER_SUBJECTS,
  PURCHASE_KIND_FACTS,
  PURCHASE_KINDS,
  PURCHASE_LEDGER_KINDS,
  PURCHASE_RECEIPT_KINDS,
  purchaseKindOfCode,
  purchaseKindOfReceipt,
  purchasePage,
  SUBJECT_OF_KEY,
  type CheckoutKind,
  type LedgerKeyPrefix,
  type LedgerSubject,
  type PurchaseKindName,
  type PurchaseLedgerKind,
  type PurchaseReceiptKind,
} from "./purchase-kinds";
import { NON_PURCHASE_RECEIPT_KINDS, RECEIPT_KINDS, ReceiptSummarySchema } from "./receipts";
import {
  LEDGER_KINDS,
  NON_PURCHASE_LEDGER_KINDS,
  PaymentPurchaseSchema,
  PurchaseCheckoutBodySchema,
  WalletTransactionSchema,
} from "./wallet";

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
    expect(Object.fromEntries(SUBJECT_OF_KEY)).toEqual({
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

  it("find no subject for a key prefix that is not a kind's, an object's own names included", () => {
    for (const prefix of ["constructor", "__proto__", "toString", "hasOwnProperty", "topup", ""]) {
      expect(SUBJECT_OF_KEY.get(prefix), prefix).toBeUndefined();
    }
  });

  it("keep their literal types", () => {
    expectTypeOf<PurchaseKindName>().toEqualTypeOf<"booking" | "pass" | "order" | "vehicle_docs">();
    expectTypeOf<LedgerSubject>().toEqualTypeOf<"booking" | "pass" | "order" | "vehicle_docs_request">();
    expectTypeOf<CheckoutKind>().toEqualTypeOf<"order" | "pass" | "vehicle_docs">();
    expectTypeOf<LedgerKeyPrefix>().toEqualTypeOf<"booking" | "pass" | "order" | "vehicle_docs">();
  });

  it("are the ledger's and the receipts' kinds of each kind, in the table's order", () => {
    expect(PURCHASE_LEDGER_KINDS).toEqual([
      "booking_charge",
      "booking_extension",
      "booking_window_change",
      "booking_renewal",
      "booking_overstay",
      "pass_charge",
      "order_charge",
      "vehicle_docs_charge",
    ]);
    expect(PURCHASE_RECEIPT_KINDS).toEqual([
      "booking",
      "event_booking",
      "extension",
      "window_change",
      "renewal",
      "overstay",
      "pass",
      "order",
      "vehicle_docs",
    ]);
    expectTypeOf<PurchaseLedgerKind>().toEqualTypeOf<(typeof PURCHASE_LEDGER_KINDS)[number]>();
    expectTypeOf<PurchaseReceiptKind>().toEqualTypeOf<(typeof PURCHASE_RECEIPT_KINDS)[number]>();
  });

  it("name a receipt's purchase kind by its receipt kind, none for a top-up's or a credit note's", () => {
    expect(Object.fromEntries(RECEIPT_KINDS.map((r) => [r, purchaseKindOfReceipt(r) ?? null]))).toEqual({
      booking: "booking",
      event_booking: "booking",
      extension: "booking",
      window_change: "booking",
      renewal: "booking",
      overstay: "booking",
      pass: "pass",
      order: "order",
      topup: null,
      vehicle_docs: "vehicle_docs",
      credit_note: null,
    });
    for (const key of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      expect(purchaseKindOfReceipt(key), key).toBeUndefined();
    }
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

// LEDGER_KINDS and RECEIPT_KINDS keep the order of the API's schema (and the receipts' CHECK): the
// table's order cannot give it (a top-up sits between the purchases' kinds in both), so they stay
// lists that `namingEvery` makes name every kind of the table's rows and of no purchase.
describe("the ledger's and the receipts' kinds", () => {
  const sorted = (kinds: readonly string[]) => [...kinds].sort();

  it("are the table's rows' and those of no purchase, each once", () => {
    expect(sorted(LEDGER_KINDS)).toEqual(sorted([...PURCHASE_LEDGER_KINDS, ...NON_PURCHASE_LEDGER_KINDS]));
    expect(sorted(RECEIPT_KINDS)).toEqual(sorted([...PURCHASE_RECEIPT_KINDS, ...NON_PURCHASE_RECEIPT_KINDS]));
  });

  it("keep the API schema's order", () => {
    expect(LEDGER_KINDS).toEqual([
      "topup",
      "booking_charge",
      "booking_extension",
      "booking_window_change",
      "booking_renewal",
      "booking_overstay",
      "refund",
      "order_charge",
      "pass_charge",
      "vehicle_docs_charge",
      "demo_reset",
      "adjustment",
      "referral_reward",
      "guarantee_credit",
    ]);
    expect(RECEIPT_KINDS).toEqual([
      "booking",
      "event_booking",
      "extension",
      "window_change",
      "renewal",
      "overstay",
      "pass",
      "order",
      "topup",
      "vehicle_docs",
      "credit_note",
    ]);
    expect(WalletTransactionSchema.shape.type.options).toEqual(LEDGER_KINDS);
    expect(ReceiptSummarySchema.shape.kind.options).toEqual(RECEIPT_KINDS);
  });
});

describe("a purchase's code", () => {
  it("names its kind by its prefix, and no kind's prefix begins another's", () => {
    expect(PURCHASE_KINDS.map((k) => PURCHASE_KIND_FACTS[k].codePrefix)).toEqual([
      "PW-",
      "MP-",
      "OR-",
      "VD-",
    ]);
    for (const kind of PURCHASE_KINDS) {
      expect(purchaseKindOfCode(`${PURCHASE_KIND_FACTS[kind].codePrefix}7Q2XKA`)).toBe(kind);
      for (const other of PURCHASE_KINDS.filter((k) => k !== kind)) {
        expect(PURCHASE_KIND_FACTS[other].codePrefix.startsWith(PURCHASE_KIND_FACTS[kind].codePrefix)).toBe(
          false,
        );
      }
    }
  });

  it("names none for another reference (a top-up's, a credit note's, an event's)", () => {
    for (const reference of ["TU-12", "CN-1", "EV-ABCDE", "", "pw-ab12"]) {
      expect(purchaseKindOfCode(reference)).toBeUndefined();
    }
  });
});
