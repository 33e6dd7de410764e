/**
 * The facts of each kind of purchase on the engine (docs/decisions/040-purchase-engine.md): the one
 * table a new kind joins for what the wallet, the ledger and the web's links know of it. The lists
 * the API's schemas and the engine use are derived from it. Zod-free, so the web's pages can use it.
 */
interface PurchaseKindFacts {
  /** Its codes' first part (`MP-` and readable characters): a code names its kind. */
  readonly codePrefix: string;
  /** The first part of its moves' ledger keys (`<prefix>:<id>:<n>`); their reference is its code. */
  readonly ledgerKey: string;
  /** What a wallet line's `subject.kind` calls it. */
  readonly ledgerSubject: string;
  /** Whether a top-up of the difference may pay for it through POST /purchases/checkout. */
  readonly checkout: boolean;
  /** Its page on the web, the purchase's code appended (`/passes/` + `MP-…`). */
  readonly page: string;
  /**
   * The ledger's kinds of the moves that charge for it (`ledger_transactions.kind`); its refunds
   * are every kind's `refund`.
   */
  readonly ledgerKinds: readonly string[];
  /** Its receipts' kinds (`receipts.kind`); a refund's credit note is every kind's `credit_note`. */
  readonly receiptKinds: readonly string[];
}

/**
 * Each kind by its engine name (the `purchases` rows' kind), in the order the API's schema names
 * the wallet lines' subjects. A booking is paid the difference by its own route (POST
 * /bookings/hold), not by a checkout.
 */
export const PURCHASE_KIND_FACTS = {
  booking: {
    codePrefix: "PW-",
    ledgerKey: "booking",
    ledgerSubject: "booking",
    checkout: false,
    page: "/booking-details/",
    // A pass visit's overstay is charged and receipted as a booking's (under the pass's ledger key).
    ledgerKinds: [
      "booking_charge",
      "booking_extension",
      "booking_window_change",
      "booking_renewal",
      "booking_overstay",
    ],
    receiptKinds: ["booking", "event_booking", "extension", "window_change", "renewal", "overstay"],
  },
  pass: {
    codePrefix: "MP-",
    ledgerKey: "pass",
    ledgerSubject: "pass",
    checkout: true,
    page: "/passes/",
    ledgerKinds: ["pass_charge"],
    receiptKinds: ["pass"],
  },
  order: {
    codePrefix: "OR-",
    ledgerKey: "order",
    ledgerSubject: "order",
    checkout: true,
    page: "/orders/",
    ledgerKinds: ["order_charge"],
    receiptKinds: ["order"],
  },
  vehicle_docs: {
    codePrefix: "VD-",
    ledgerKey: "vehicle_docs",
    ledgerSubject: "vehicle_docs_request",
    checkout: true,
    page: "/vehicle-docs-renewal/requests/",
    ledgerKinds: ["vehicle_docs_charge"],
    receiptKinds: ["vehicle_docs"],
  },
} as const satisfies Readonly<Record<string, PurchaseKindFacts>>;

type Facts = typeof PURCHASE_KIND_FACTS;

/** A kind's engine name. */
export type PurchaseKindName = keyof Facts;
/** The kinds on the engine, in the table's order. */
export const PURCHASE_KINDS = Object.keys(PURCHASE_KIND_FACTS) as readonly PurchaseKindName[];

/** The first part of a purchase's ledger keys. */
export type LedgerKeyPrefix = Facts[PurchaseKindName]["ledgerKey"];

/** What a move paid for or gave back, by the code its page is found by (none: a top-up, a reset). */
export type LedgerSubject = Facts[PurchaseKindName]["ledgerSubject"];
export const LEDGER_SUBJECTS: readonly LedgerSubject[] = PURCHASE_KINDS.map(
  (k) => PURCHASE_KIND_FACTS[k].ledgerSubject,
);

/** The purchases a top-up of the difference may pay for besides a booking (POST /purchases/checkout). */
export type CheckoutKind = {
  [K in PurchaseKindName]: Facts[K]["checkout"] extends true ? K : never;
}[PurchaseKindName];
/** In alphabetical order, as the API's schema and the "kind must be …" sentence name them. */
export const CHECKOUT_KINDS: readonly CheckoutKind[] = PURCHASE_KINDS.filter(
  (k): k is CheckoutKind => PURCHASE_KIND_FACTS[k].checkout,
).sort();

/**
 * A move's ledger key prefix → what it paid for (its reference is that purchase's code). A Map: the
 * prefix is read from a ledger row, and a key like `constructor` must find nothing.
 */
export const SUBJECT_OF_KEY: ReadonlyMap<string, LedgerSubject> = new Map(
  PURCHASE_KINDS.map((k) => [PURCHASE_KIND_FACTS[k].ledgerKey, PURCHASE_KIND_FACTS[k].ledgerSubject]),
);

/** The kind a wallet line's subject names. */
export const KIND_OF_SUBJECT = Object.fromEntries(
  PURCHASE_KINDS.map((k) => [PURCHASE_KIND_FACTS[k].ledgerSubject, k]),
) as Readonly<Record<LedgerSubject, PurchaseKindName>>;

/** The ledger's kinds of the purchases' charges: every kind's `ledgerKinds`. */
export type PurchaseLedgerKind = Facts[PurchaseKindName]["ledgerKinds"][number];
export const PURCHASE_LEDGER_KINDS: readonly PurchaseLedgerKind[] = PURCHASE_KINDS.flatMap(
  (k) => PURCHASE_KIND_FACTS[k].ledgerKinds,
);

/** The receipts' kinds of the purchases: every kind's `receiptKinds`. */
export type PurchaseReceiptKind = Facts[PurchaseKindName]["receiptKinds"][number];
export const PURCHASE_RECEIPT_KINDS: readonly PurchaseReceiptKind[] = PURCHASE_KINDS.flatMap(
  (k) => PURCHASE_KIND_FACTS[k].receiptKinds,
);

const KIND_OF_RECEIPT: ReadonlyMap<string, PurchaseKindName> = new Map(
  PURCHASE_KINDS.flatMap((k) => PURCHASE_KIND_FACTS[k].receiptKinds.map((r) => [r, k] as const)),
);
/** The kind of purchase a receipt of this kind is for; undefined for a top-up's or a credit note's. */
export const purchaseKindOfReceipt = (receiptKind: string): PurchaseKindName | undefined =>
  KIND_OF_RECEIPT.get(receiptKind);

/** The kind whose code this is (by its prefix); undefined for any other reference. */
export const purchaseKindOfCode = (code: string): PurchaseKindName | undefined =>
  PURCHASE_KINDS.find((k) => code.startsWith(PURCHASE_KIND_FACTS[k].codePrefix));

/**
 * `list` as given when it names every kind of `Kinds` and no other: a list kept in an order of its
 * own (an API schema's enum, a CHECK's) does not compile until it names a kind the table gained.
 */
export const namingEvery =
  <Kinds extends string>() =>
  <const List extends readonly Kinds[]>(
    list: List &
      ([Exclude<Kinds, List[number]>] extends [never] ? unknown : { missing: Exclude<Kinds, List[number]> }),
  ): List =>
    list;

/** A purchase's page on the web; `code` goes in as given (the caller escapes it where it must). */
export const purchasePage = (kind: PurchaseKindName, code: string): string =>
  `${PURCHASE_KIND_FACTS[kind].page}${code}`;
