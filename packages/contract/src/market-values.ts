/**
 * The marketplace's vocabularies, the order stages' transition table and the cart's storage key as
 * plain values, without zod (as event-values.ts), so the web app's cart and pages can use them
 * without the schema library. marketplace.ts re-exports them. The rules are in
 * docs/PRODUCT-RULES.md#marketplace.
 */

/** A product is shipped or picked up and has a stock; a service is done at a park, with a daily capacity. */
export const ITEM_KINDS = ["product", "service"] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];
export const RECORD_STATUSES = ["active", "inactive"] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];
export const DISCOUNT_TYPES = ["fixed", "percentage"] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
/**
 * The purchases a coupon may be for (its `kinds`, chosen in the back office's coupon form): every
 * kind a driver can type a code at, each applying a coupon to its price
 * (docs/PRODUCT-RULES.md#coupons).
 */
export const COUPON_KINDS = ["booking", "event_booking", "pass", "order", "vehicle_docs"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
/** Why a coupon is refused at a purchase it is not for. */
export const COUPON_NOT_FOR_KIND: Readonly<Record<CouponKind, string>> = {
  order: "This coupon does not apply to marketplace orders",
  vehicle_docs: "This coupon does not apply to vehicle documents",
  pass: "This coupon does not apply to monthly passes",
  booking: "This coupon does not apply to parking bookings",
  event_booking: "This coupon does not apply to event parking",
};
export const ORDER_TYPES = ["delivery", "takeaway"] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const ORDER_SOURCES = ["web", "app"] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];
export const ADDRESS_LABELS = ["home", "work", "other"] as const;
export type AddressLabel = (typeof ADDRESS_LABELS)[number];
export const PAYMENT_STATUSES_ORDER = ["paid", "unpaid"] as const;
export type OrderPaymentStatus = (typeof PAYMENT_STATUSES_ORDER)[number];
export const ITEM_SORTS = ["popular", "newest", "price_asc", "price_desc", "name"] as const;
export type ItemSort = (typeof ITEM_SORTS)[number];

/**
 * An order's stages in their usual order, then the three ends other than completion. Labels in
 * the back office name the synonyms: placed is "pending", confirmed is "accepted".
 */
export const ORDER_STAGES = [
  "placed",
  "confirmed",
  "processing",
  "being_prepared",
  "out_for_delivery",
  "delivered",
  "completed",
  "canceled",
  "rejected",
  "returned",
] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

/** Who moves an order: its driver, the back office's staff, or the courier it is assigned to. */
export const ORDER_ACTORS = ["driver", "staff", "courier"] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

export interface OrderTransition {
  from: OrderStage;
  to: OrderStage;
  /** Who may make the move. */
  by: readonly OrderActor[];
  /** Only for orders of this type ("out for delivery" makes no sense for a pickup). */
  only?: OrderType;
  /** The money the move gives back: all of it, or the returned lines' share. */
  refund?: "full" | "returned_lines";
}

/**
 * Every allowed move, and no other: the one table the API enforces, the back office offers as
 * buttons and the tests walk pair by pair. A pickup (takeaway) is handed over, or its service
 * done, straight from "being prepared" to "delivered".
 */
export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  { from: "placed", to: "confirmed", by: ["staff"] },
  { from: "placed", to: "rejected", by: ["staff"], refund: "full" },
  { from: "placed", to: "canceled", by: ["driver", "staff"], refund: "full" },
  { from: "confirmed", to: "processing", by: ["staff"] },
  { from: "confirmed", to: "rejected", by: ["staff"], refund: "full" },
  { from: "processing", to: "being_prepared", by: ["staff"] },
  { from: "being_prepared", to: "out_for_delivery", by: ["staff", "courier"], only: "delivery" },
  { from: "being_prepared", to: "delivered", by: ["staff"], only: "takeaway" },
  { from: "out_for_delivery", to: "delivered", by: ["staff", "courier"] },
  { from: "delivered", to: "completed", by: ["staff"] },
  { from: "delivered", to: "returned", by: ["staff"], refund: "returned_lines" },
];

/** The move from one stage to another for an order type, or undefined when the table has none. */
export function findTransition(
  from: OrderStage,
  to: OrderStage,
  type: OrderType,
): OrderTransition | undefined {
  return ORDER_TRANSITIONS.find((t) => t.from === from && t.to === to && (!t.only || t.only === type));
}

/** The stages an actor may move an order of this type to from `from`. */
export function nextStages(from: OrderStage, type: OrderType, actor: OrderActor): OrderStage[] {
  return ORDER_TRANSITIONS.filter(
    (t) => t.from === from && (!t.only || t.only === type) && t.by.includes(actor),
  ).map((t) => t.to);
}

/**
 * The word a stage is shown and written by for an order of this type. A pickup (takeaway) is
 * handed over at the park, never delivered: its "delivered" stage is "collected" on every page
 * and in its e-mail. The stored stage, the transitions and the filters keep one name.
 */
export type OrderStageWord = OrderStage | "collected";
export function stageWord(stage: OrderStage, type: OrderType): OrderStageWord {
  return stage === "delivered" && type === "takeaway" ? "collected" : stage;
}

/** Stages with no way out. */
export const FINAL_ORDER_STAGES: readonly OrderStage[] = ["completed", "canceled", "rejected", "returned"];

/** `OR-` and six characters without the look-alikes 0/O and 1/I (as event codes). */
export const ORDER_CODE_PATTERN = /^OR-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{6}$/;

/** Where the web app keeps the cart (localStorage), per country: `{ [country_code]: CartLine[] }`. */
export const CART_STORAGE_KEY = "parkwell_cart";
/** The most units of one line, and the most lines, a cart or an order holds. */
export const CART_LINE_MAX_QUANTITY = 20;
export const CART_MAX_LINES = 30;
/** The most add-ons on one line. */
export const LINE_ADDONS_MAX = 5;
/** How far ahead a time slot may be chosen, in days (today included). */
export const TIME_SLOT_DAYS_AHEAD = 7;

/** The back office's text when Delivery Setup has switched both delivery and takeaway off. */
export const ORDERING_OFF_MESSAGE = "Delivery and takeaway is disable now. please wait sometime";
export const COUPON_PERCENT_MAX_MESSAGE = "Discount less then or equal to 100";
export const COUPON_FIXED_OVER_SUBTOTAL_MESSAGE = "The discount amount does not over the subtotal amount";
export const COUPON_UNKNOWN_MESSAGE = "This coupon code does not exist";
export const COUPON_OTHER_COUNTRY_MESSAGE = "This coupon is for another country, not this one";
export const COUPON_NOT_STARTED_MESSAGE = "This coupon is not valid yet";
export const COUPON_EXPIRED_MESSAGE = "This coupon has expired";
export const COUPON_INACTIVE_MESSAGE = "This coupon is no longer available";
/** Why a coupon does not apply below its minimum amount, named as the purchase is ({amount}: the minimum). */
export const COUPON_MINIMUM_FOR_KIND: Readonly<Record<CouponKind, string>> = {
  order: "This coupon needs an order of at least {amount}",
  vehicle_docs: "This coupon needs a document renewal of at least {amount}",
  pass: "This coupon needs a pass of at least {amount}",
  booking: "This coupon needs parking of at least {amount}",
  event_booking: "This coupon needs parking of at least {amount}",
};
export const COUPON_USED_UP_MESSAGE = "You have already used this coupon as many times as it allows";
export const COUPON_ALL_USED_MESSAGE = "This coupon has been used as many times as it allows";
export const ORDER_NOT_FOUND_MESSAGE = "Order not found";
export const ITEM_NOT_FOUND_MESSAGE = "Item not found";
export const ORDER_STAGE_REFUSED_MESSAGE = "This order cannot move from {from} to {to}";
export const ORDER_CART_PROBLEM_MESSAGE = "Some items in your cart changed: check them and try again";
export const OUT_OF_STOCK_MESSAGE = "Out of stock";
export const OVER_STOCK_MESSAGE = "Only {available} left";
export const ITEM_INACTIVE_MESSAGE = "No longer sold";
export const DELIVERY_OUT_OF_AREA_MESSAGE = "This address is outside our delivery area";
export const ADDRESS_PIN_UNCONFIRMED_MESSAGE = "Place this address on the map before delivery";
