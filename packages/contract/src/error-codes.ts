import type { AllocationConflict } from "./admin-events";
import type { CapacityConflict, ParkInUse } from "./admin-parks";
import type { ClosureConflict } from "./guarantee";
import type { ChargerConflict } from "./chargers";
import type { PlanAllocationConflict } from "./admin-passes";
import type { OrderConflict } from "./marketplace";

/**
 * Where an error's parameters are in its body, and their type: `body`, keys beside `message` and
 * `code`; `fields`, the 422-style `fields` map. `type` is never set: the compiler reads it only.
 */
export interface ErrorParams<T, Where extends "body" | "fields" = "body" | "fields"> {
  readonly in: Where;
  readonly type?: T;
}
const inBody = <T extends object>(): ErrorParams<T, "body"> => ({ in: "body" });
const inFields = <T extends Record<string, string>>(): ErrorParams<T, "fields"> => ({ in: "fields" });

/** One code: the status(es) it is answered with, when, and the data it carries beside the sentence. */
export interface ErrorEntry {
  readonly status: number | readonly number[];
  readonly when: string;
  readonly params?: ErrorParams<object>;
}

type Without<T> = Omit<T, "message" | "code">;
type OrderLine = Pick<OrderConflict, "line" | "item_id" | "variation_id">;

/**
 * Every error code the API answers with (docs/API-CONVENTIONS.md#errors): the `code` of the body
 * `{ message, code, fields? }`. The API throws only these (AppError's `code` is an ErrorCode) and
 * the web tests only these. `message` is a sentence in the request's language; `code` is stable.
 */
export const ERRORS = {
  // The request itself (the error plugin, the input checks)
  validation_error: { status: 422, when: "a field or the body is not valid (fields name them)" },
  invalid_characters: { status: 422, when: "a text holds control or invisible characters" },
  body_too_deep: { status: 400, when: "the JSON body is nested too deeply" },
  malformed_json: { status: 400, when: "the body is not valid JSON" },
  empty_body: { status: 400, when: "a JSON content type with an empty body" },
  unsupported_media_type: { status: 415, when: "a body that is not JSON where JSON is read" },
  bad_content_length: { status: 400, when: "Content-Length does not match the body" },
  body_too_large: { status: 413, when: "the body is over the size limit" },
  bad_content_type: { status: 400, when: "the Content-Type header is not valid" },
  unsupported_charset: { status: 415, when: "a body charset other than UTF-8" },
  bad_url: { status: 400, when: "the request URL is not valid" },
  uri_too_long: { status: 414, when: "a part of the URL is too long" },
  bad_request: { status: 400, when: "Fastify could not route or read the request" },
  not_found: { status: 404, when: "no such route, or a record not found (generic)" },
  idempotency_key_reused: { status: 422, when: "an Idempotency-Key sent again with another request" },
  idempotency_in_progress: { status: 409, when: "a request with this Idempotency-Key still runs" },
  too_many_attempts: { status: 429, when: "a throttle's limit reached (Retry-After says when)" },
  internal_error: { status: 500, when: "anything unexpected: a fault of ours, logged" },
  unavailable: { status: 503, when: "the database is unreachable (Retry-After)" },
  country_missing: { status: 500, when: "a user's country is not served any more (a fault of ours)" },

  // Accounts and sign-in
  unauthenticated: { status: 401, when: "no bearer token on a route that needs one" },
  invalid_token: { status: 401, when: "the bearer token is not valid or has expired" },
  forbidden: { status: 403, when: "the signed-in user may not do this" },
  invalid_credentials: { status: 401, when: "a wrong e-mail or password" },
  email_not_verified: { status: 403, when: "sign-in before the e-mail address is verified" },
  account_disabled: { status: 403, when: "the account was disabled" },
  already_verified: { status: 409, when: "a verify link for an address already verified" },
  invalid_link: { status: 400, when: "a verify or reset link that is not valid or expired" },
  account_exists: { status: 400, when: "social sign-up for an e-mail that has an account" },
  account_linking_required: { status: 409, when: "social sign-in to a password account" },
  email_required: { status: 422, when: "the social provider gave no e-mail address" },
  invalid_id_token: { status: 401, when: "the social provider's ID token is not valid" },
  social_email_unverified: { status: 403, when: "the social provider has not verified the e-mail" },
  social_unavailable: { status: 503, when: "social sign-in is not configured" },
  sign_in_required: { status: 409, when: "an invitation for a social-only account: sign in first" },
  try_again: { status: 409, when: "a race lost while accepting an invitation: retry" },

  // Reference data, parks, vehicles
  country_not_found: { status: 404, when: "no fees are set for this country" },
  park_not_found: { status: 404, when: "no such park (or not visible to this user)" },
  park_gone: { status: 410, when: "the park was taken off Parkwell" },
  rate_not_found: { status: 404, when: "the park takes no vehicles of this type" },
  photo_not_found: { status: 404, when: "no such park photo" },
  charger_not_found: { status: 404, when: "no such charger at this park (or the park is not visible)" },
  photo_too_large: { status: 413, when: "a park photo over the size limit" },
  image_not_found: { status: 404, when: "no such marketplace image" },
  image_too_large: { status: 413, when: "a marketplace image over the size limit" },
  vehicle_not_found: { status: 404, when: "no such vehicle of this user" },
  plate_taken: { status: 409, when: "the user already has a vehicle with this plate" },
  capacity_conflict: {
    status: 409,
    when: "a capacity below the spaces bookings already hold",
    params: inBody<Without<CapacityConflict>>(),
  },
  charger_conflict: {
    status: 409,
    when: "a charger group's count lowered below, or the group deactivated under, what bookings hold",
    params: inBody<Without<ChargerConflict>>(),
  },
  rate_rule_not_found: { status: 404, when: "no such busy-time rule at the park" },
  park_in_use: {
    status: 409,
    when: "a park's country or time zone changed while things there are not finished",
    params: inBody<Without<ParkInUse>>(),
  },
  closure_conflict: {
    status: 409,
    when: "new closure days hit bookings, passes or event spaces: listed until confirmed",
    params: inBody<Without<ClosureConflict>>(),
  },

  // Bookings and the gate
  booking_not_found: { status: 404, when: "no such booking of this user or park" },
  no_capacity: { status: 409, when: "no space free for the window (booking, rebooking or drive-up sale)" },
  booking_offer_not_found: { status: 404, when: "no space guarantee offer for this booking of this user" },
  offer_settled: { status: 409, when: "the space guarantee's offer was already rebooked or refunded" },
  offer_open: { status: 409, when: "an extension of a booking whose space guarantee offer is open" },
  booking_not_rebookable: {
    status: 409,
    when: "a rebooking of a booking no longer active or whose car is in",
  },
  vehicle_busy: { status: 409, when: "the vehicle already has a booking in this window" },
  charger_full: { status: 409, when: "every EV charger of the group is held for part of the window" },
  window_not_bookable: { status: 422, when: "the park is closed in, or cannot take, the window" },
  currency_mismatch: { status: 409, when: "the park's currency is not the booking's or the wallet's" },
  park_currency_changed: { status: 409, when: "the park's currency changed while buying: look again" },
  funds_available: { status: 409, when: "a hold asked for though the wallet can pay: book directly" },
  quote_required: {
    status: 409,
    when: "a window at a park with busy-time prices booked without a quote_token",
  },
  quote_expired: { status: 409, when: "the quote_token's price is no longer held: ask for a quote again" },
  quote_changed: { status: 409, when: "the park's rates changed since the quote: ask for a quote again" },
  quote_invalid: {
    status: 422,
    when: "the quote_token is not ours, or is for another window, vehicle or user",
  },
  booking_cancelled: { status: 409, when: "the booking was cancelled (gate, review, claim)" },
  cancel_too_late: {
    status: 409,
    when: "a cancellation after it is allowed",
    params: inBody<{ from: string }>(),
  },
  invalid_qr: { status: 422, when: "the scanned QR code is not one of ours" },
  wrong_park: { status: 409, when: "a booking or pass for another park at the gate" },
  already_checked_in: { status: 409, when: "the car is already inside on this booking" },
  booking_moved: {
    status: 409,
    when: "a check-in of a booking a cut of the park's spaces moved (its space guarantee offer open)",
  },
  already_checked_out: { status: 409, when: "the car already left on this booking" },
  not_checked_in: { status: 409, when: "a check-out of a car never checked in" },
  booking_ended: { status: 422, when: "a check-in after the booking's end" },
  too_early: { status: 422, when: "a check-in before the booking's window (less its grace)" },
  sale_not_found: { status: 404, when: "no such drive-up sale" },
  sale_not_parked: { status: 409, when: "a drive-up sale already closed or voided" },
  already_parked: { status: 409, when: "a drive-up for a plate already parked at the park as a drive-up" },
  void_too_late: { status: 422, when: "a drive-up sale voided after its 10 minutes" },

  // Monthly plans and passes
  plan_not_found: { status: 404, when: "no such plan" },
  plan_not_on_sale: { status: 409, when: "the plan is not on sale" },
  plan_sold_out: { status: 409, when: "the plan has no pass left" },
  plan_hours_sold: { status: 409, when: "a plan's hours changed while it has passes" },
  plan_currency_changed: { status: 409, when: "the plan's prices are in the park's old currency" },
  plan_spaces_not_named: { status: 422, when: "a space label on a pass whose plan names no spaces" },
  allocation_below_sold: {
    status: 409,
    when: "a plan's allocation below the passes valid now",
    params: inBody<Without<PlanAllocationConflict>>(),
  },
  full: { status: 409, when: "no space free in the plan's hours from that day" },
  pass_not_found: { status: 404, when: "no such pass" },
  pass_ended: { status: [409, 422], when: "the pass has ended (renewal 409; gate, staff 422)" },
  pass_not_in_grace: {
    status: 409,
    when: "a driver paying a pass's renewal themselves when none is waiting (the pass not in grace)",
  },
  pass_not_started: { status: 422, when: "a pass used at the gate before its first day" },
  pass_outside_hours: { status: 422, when: "a pass used outside its plan's hours" },
  pass_car_inside: { status: 409, when: "a car of the pass is already inside" },
  pass_no_car_inside: { status: 409, when: "a pass check-out with no car inside" },
  plate_not_on_pass: { status: 422, when: "a plate that is not on the pass" },
  choose_plate: {
    status: 422,
    when: "a pass with several plates and none chosen",
    params: inBody<{ plates: string[] }>(),
  },
  space_label_taken: { status: 409, when: "another pass already has this space" },

  // Events
  event_not_found: { status: 404, when: "no such event, or a wrong access code" },
  event_cancelled: { status: 409, when: "the event is cancelled" },
  event_ended: { status: 422, when: "the event is over" },
  event_changed: { status: 409, when: "the event changed while it was published" },
  event_sold_out: { status: 409, when: "no space left for the event" },
  allocation_conflict: {
    status: 409,
    when: "an event's allocations do not fit the spaces free",
    params: inBody<Without<AllocationConflict>>(),
  },

  // Wallet and payments
  insufficient_funds: {
    status: [402, 409],
    when: "the payer cannot pay (402, what is missing) or a ledger line would go below zero (409)",
    params: inFields<{ amount_missing: string; currency: string }>(),
  },
  payment_not_found: { status: 404, when: "no such payment" },
  card_not_found: { status: 404, when: "no such saved card of this user (or it was removed)" },
  saved_cards_unavailable: {
    status: 409,
    when: "the wallet's payment provider keeps no cards (Wave), or the card is another provider's",
  },
  card_declined: { status: 409, when: "a saved card's charge was declined: nothing was paid" },
  payment_failed: { status: 422, when: "the payment failed or was cancelled" },
  payment_expired: { status: 422, when: "the payment was not completed in time" },
  payment_mismatch: { status: 422, when: "the provider's payment is not what was initialised" },
  payment_not_confirmed: { status: 409, when: "the provider has not confirmed the payment yet" },
  already_credited: { status: 409, when: "the payment was already credited" },
  payments_unavailable: { status: 503, when: "no payment provider is configured" },
  provider_error: { status: 502, when: "the payment provider refused the request" },
  provider_unavailable: { status: 502, when: "the payment provider is unreachable" },
  provider_timeout: { status: 504, when: "the payment provider did not answer in time" },
  unknown_provider: { status: 404, when: "a webhook for a provider unknown or not configured" },
  invalid_signature: { status: 401, when: "a webhook whose signature is not valid" },
  wallet_pass_unavailable: {
    status: 404,
    when: "an Apple Wallet pass asked of a server without Apple Wallet keys (decision 065)",
  },
  wallet_pass_link_invalid: {
    status: 404,
    when: "a .pkpass's plain link that is not one the server signed for that pass, or has expired",
  },
  extension_link_invalid: {
    status: 404,
    when: "an extension link (an airport booking's wallet pass, decision 068) the server did not sign for that booking, or expired",
  },
  push_unavailable: {
    status: 404,
    when: "a push subscription sent to a server without VAPID keys (decision 066)",
  },
  push_subscription_not_found: { status: 404, when: "no such push subscription of this user" },

  // Companies
  company_not_found: { status: 404, when: "no such company (or not this user's)" },
  company_not_member: { status: 403, when: "company payment by a user who is not a member" },
  company_owners_only: { status: 403, when: "only the company's owners may do this" },
  company_admins_only: { status: 403, when: "only the company's owners and admins may do this" },
  company_refused: { status: 403, when: "the company's policy refuses this purchase" },
  company_disabled: { status: 409, when: "the company is disabled" },
  company_not_verified: { status: 409, when: "the company is not verified yet" },
  member_not_found: { status: 404, when: "no such member of the company" },
  last_owner: { status: 409, when: "the last owner removed or demoted" },
  already_member: { status: 409, when: "an invitation for someone who is already a member" },
  balance_below_zero: { status: 409, when: "back to wallet billing with a balance below zero" },
  no_credit_limit: { status: 422, when: "invoice billing with no credit limit set" },
  verify_link_unknown: { status: 404, when: "a company verify link that is not known" },
  verify_link_expired: { status: 422, when: "a company verify link that has expired" },

  // Invitations (companies, staff)
  invitation_not_found: { status: 404, when: "no such invitation, or a link not valid" },
  invitation_expired: { status: 410, when: "the invitation link has expired" },
  invitation_revoked: { status: 410, when: "the invitation was withdrawn" },
  invitation_used: { status: 410, when: "the invitation link was used already" },
  invitation_closed: { status: 409, when: "the invitation was already accepted or withdrawn" },
  invitation_other_account: { status: 409, when: "an invitation opened signed in as someone else" },
  already_staff: { status: 409, when: "an invitation for someone already on the staff" },
  admin_account: { status: 409, when: "a Parkwell admin account invited to an operator's staff" },

  // Marketplace
  item_not_found: { status: 404, when: "no such marketplace item" },
  category_not_found: { status: 404, when: "no such catalogue category" },
  attribute_not_found: { status: 404, when: "no such catalogue attribute" },
  addon_not_found: { status: 404, when: "no such add-on" },
  variation_not_found: { status: 404, when: "no such variation" },
  offer_not_found: { status: 404, when: "no such offer" },
  coupon_not_found: { status: 404, when: "no such coupon" },
  slider_not_found: { status: 404, when: "no such slider" },
  address_not_found: { status: 404, when: "no such address of this user" },
  addresses_full: { status: 409, when: "the user has the most addresses allowed" },
  order_not_found: { status: 404, when: "no such order" },
  ordering_off: { status: 422, when: "marketplace orders are switched off in the country" },
  coupon_refused: { status: 422, when: "the coupon does not apply (fields.coupon_code says why)" },
  cart_changed: {
    status: 409,
    when: "the cart no longer matches the catalogue or the expected total",
    params: inBody<Pick<OrderConflict, "lines">>(),
  },
  out_of_stock: {
    status: 409,
    when: "a line's stock ran out",
    params: inBody<OrderLine & Pick<OrderConflict, "lines">>(),
  },
  service_full: {
    status: 409,
    when: "a service's day is full",
    params: inBody<OrderLine & Pick<OrderConflict, "lines">>(),
  },
  stage_refused: {
    status: 409,
    when: "an order or request moved to a stage it cannot reach from its own",
    params: inBody<{ from: string; to: string }>(),
  },
  not_delivery: { status: 409, when: "a courier for an order that is not delivered" },
  order_closed: { status: 409, when: "a courier for an order already delivered or closed" },
  in_use: { status: 409, when: "a catalogue record still in use: deactivate it instead" },
  slug_taken: { status: 409, when: "another record already uses this slug" },

  // Vehicle documents
  request_not_found: { status: 404, when: "no such vehicle-document request" },
  fee_not_found: { status: 404, when: "no such vehicle-document fee" },
  insurer_not_found: { status: 404, when: "no such insurer" },
  not_in_nigeria: { status: 422, when: "a renewal outside Nigeria" },
  not_registered_in_nigeria: { status: 422, when: "the vehicle has no Nigerian state of registration" },
  documents_not_applicable: { status: 422, when: "documents the request cannot hold, or with no fee" },
  insurance_required: { status: 422, when: "the documents asked need insurance" },
  expiries_required: { status: 422, when: "a move that needs the papers' expiry dates without them" },
  price_changed: {
    status: 409,
    when: "the price is not the expected total any more",
    params: inBody<{ total: number }>(),
  },
  not_issued: {
    status: 409,
    when: "expiries recorded before the papers are issued",
    params: inBody<{ stage: string }>(),
  },
  request_closed: { status: 409, when: "a file added to a closed request" },
  too_many_files: { status: 409, when: "the request holds the most files of this kind" },
  kind_refused: { status: 403, when: "a file of a kind only staff send" },
  file_not_found: { status: 404, when: "a private file link that is not valid or expired" },
  document_too_large: { status: 413, when: "an uploaded document over 10 MB" },
  document_active_content: { status: 422, when: "a PDF with scripts or other active content" },
  document_trailing_data: { status: 422, when: "a document with data after its end" },
  document_type_refused: { status: 422, when: "a file that is not a PDF, JPEG or PNG" },

  // Reviews, blog, pages
  already_reviewed: { status: 409, when: "the stay was already reviewed" },
  stay_not_over: { status: 409, when: "a review before the stay is over" },
  edit_window_over: { status: 409, when: "a review changed more than 7 days after writing it" },
  already_replied: { status: 409, when: "the review already has a reply" },
  already_hidden: { status: 409, when: "the review is already hidden" },
  own_review: { status: 403, when: "a user reports their own review" },
  // Claims (decision 057)
  claim_not_found: { status: 404, when: "no such claim of this user (or at this staff member's parks)" },
  claim_exists: {
    status: 409,
    when: "the booking (or the pass's term) already has a claim",
    params: inBody<{ claim_code: string }>(),
  },
  claim_window_closed: { status: 409, when: "a claim outside its reason's window (too early or too late)" },
  claim_decided: { status: 409, when: "a decision on a claim already decided" },
  nothing_to_refund: {
    status: 409,
    when: "a refund of a claim whose purchase has nothing left to give back",
  },
  claim_photo_exists: { status: 409, when: "a second photo for a claim, or one after its decision" },
  claim_window_over: {
    status: 409,
    when: "a claim's rebooking once its booking's window is over (refund it instead)",
  },
  claim_not_confirmable: {
    status: 422,
    when: "an attendant's confirmation of a claim whose reason the gate does not see (not as described, a wrong charge)",
  },
  claim_not_at_gate: {
    status: 409,
    when: "an attendant's confirmation of a claim filed longer ago than the gate lists (staff decide it)",
  },
  post_not_found: { status: 404, when: "no such blog post" },
  page_changed: { status: 409, when: "someone published the page meanwhile: reload" },
  terms_outdated: { status: 409, when: "acceptance of Terms that are not the current ones" },

  // Operators' payouts (issue #65)
  operator_not_found: { status: 404, when: "no such operator (or not this user's)" },
  payout_not_found: { status: 404, when: "no such payout (or not this operator's)" },
  payout_account_not_found: { status: 404, when: "no such payout account (or not this operator's)" },
  payout_link_unknown: { status: 404, when: "a payout account's confirmation link that is not known" },
  payout_link_expired: { status: 422, when: "a payout account's confirmation link past its time" },
  payout_account_closed: {
    status: 409,
    when: "a payout account cancelled or replaced, confirmed or cancelled again",
  },
  payouts_unavailable: { status: 503, when: "the operator's country has no payout provider configured" },
  commission_rate_exists: {
    status: 409,
    when: "a commission rate for the same operator or country, product and instant already exists",
  },
} as const satisfies Record<string, ErrorEntry>;

/** A code the API answers with. */
export type ErrorCode = keyof typeof ERRORS;

/** The status(es) a code is answered with. */
export type ErrorStatus<C extends ErrorCode> = C extends ErrorCode
  ? (typeof ERRORS)[C]["status"] extends readonly (infer S)[]
    ? S
    : (typeof ERRORS)[C]["status"]
  : never;

/** The data a code carries beside its sentence, in its body (`never`: none). */
export type ErrorDetails<C extends ErrorCode> = C extends ErrorCode
  ? (typeof ERRORS)[C] extends { params: ErrorParams<infer T, "body"> }
    ? T
    : never
  : never;

/** The data a code carries in `fields` (otherwise the field names and their sentences). */
export type ErrorFields<C extends ErrorCode> = C extends ErrorCode
  ? (typeof ERRORS)[C] extends { params: ErrorParams<infer T, "fields"> }
    ? T
    : Record<string, string>
  : never;

/** The codes answered with `status`: `AppError.notFound` takes one answered with 404. */
export type ErrorCodeOf<S extends number> = {
  [C in ErrorCode]: S extends ErrorStatus<C> ? C : never;
}[ErrorCode];

/** The statuses of a code, as a list. */
export const errorStatuses = (code: ErrorCode): readonly number[] => {
  const status: number | readonly number[] = ERRORS[code].status;
  return typeof status === "number" ? [status] : status;
};
