// A marketplace order's receipt and its refunds' credit notes (decision 029): the lines say what
// the order's pricing computed, and each document sums to its ledger move.
import type { Order } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import type { ReceiptLineRecord, ReceiptTaxRecord } from "../../lib/receipt-records";
import { createUser } from "../../test/factories";
import type { TestContext } from "../../test/harness";
import { fundedUser } from "../bookings/bookings.test-kit";
import { moveOrder } from "./order-stages.service";
import {
  createAddon,
  createAddress,
  createCoupon,
  createItem,
  createOffer,
  createVariation,
  placeOrder,
  type Body,
} from "./marketplace.test-kit";
import { ordersKit } from "./orders.test-kit";

const kit = ordersKit();
const { deps } = kit;
let ctx: TestContext;
let db: Db;
let category: { id: number; slug: string };
let slot: { slot_id: number; date: string };

beforeAll(() => {
  ({ ctx, db, category, slot } = kit.suite);
});

interface Row {
  id: string;
  kind: string;
  ledger_key: string;
  reverses_id: string | null;
  reference: string;
  park_id: number | null;
  time_zone: string;
  lines: ReceiptLineRecord[];
  taxes: ReceiptTaxRecord[];
  total_minor: string;
}

/** The order's receipts and credit notes, in order of issue, with what each ledger move took. */
async function documentsOf(code: string) {
  return queryRows<Row & { moved: string }>(
    db,
    sql`SELECT r.id::text, r.kind, r.ledger_key, r.reverses_id::text, r.reference, r.park_id, r.time_zone,
          r.lines, r.taxes, r.total_minor::text,
          (SELECT -sum(e.amount_minor) FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
           JOIN wallet_accounts a ON a.id = e.account_id
           WHERE t.idempotency_key = r.ledger_key AND a.kind = 'user_wallet')::text AS moved
        FROM receipts r WHERE r.reference = ${code} ORDER BY r.id`,
  );
}

const sum = (r: Row) =>
  r.lines.reduce((s, l) => s + l.amountMinor, 0) + r.taxes.reduce((s, t) => s + t.amountMinor, 0);

async function deliveryOrder() {
  const plain = await createItem(db, {
    categoryId: category.id,
    name: "Car shampoo",
    priceMinor: 10_001,
    stock: 20,
  });
  const varied = await createItem(db, {
    categoryId: category.id,
    name: "Coffee",
    priceMinor: 99_999,
    stock: null,
  });
  const large = await createVariation(db, varied.id, { value: "Large", priceMinor: 45_000, stock: 30 });
  const addon = await createAddon(db, varied.id, 1_999);
  await createOffer(db, { itemId: varied.id, discountType: "percentage", discount: 1_250 });
  const coupon = await createCoupon(db, { discountType: "percentage", discount: 1_111, limitPerUser: 9 });
  const user = await fundedUser(db);
  const address = await createAddress(db, user.id);
  const body: Body = {
    country: "NG",
    order_type: "delivery",
    address_id: address.id,
    time_slot: slot,
    coupon_code: coupon.code,
    lines: [
      { item_id: plain.id, quantity: 3 },
      { item_id: varied.id, variation_id: large.id, addon_ids: [addon.id], quantity: 2 },
    ],
  };
  const res = await placeOrder(ctx.app, user, body);
  expect(res.statusCode, res.body).toBe(201);
  const [order] = await queryRows<{
    id: string;
    total_minor: string;
    tax_minor: string;
    delivery_minor: string;
  }>(
    db,
    sql`SELECT id, total_minor::text, tax_minor::text, delivery_minor::text FROM orders WHERE order_code = ${res.json<Order>().order_code}`,
  );
  return { user, order: order!, code: res.json<Order>().order_code, coupon, addon };
}

describe("a marketplace order's receipt", () => {
  it("lists the items (variation and add-ons under them), the offer and coupon discounts, the delivery and VAT, summing to the charge", async () => {
    const { order, code, coupon, addon } = await deliveryOrder();
    const [receipt, ...rest] = await documentsOf(code);
    expect(rest).toEqual([]);
    expect(receipt).toMatchObject({ kind: "order", ledger_key: `order:${order.id}:1`, park_id: null });
    // A delivery has no park: the country's clock.
    expect(receipt!.time_zone).toBe("Africa/Lagos");
    expect(receipt!.lines.map((l) => [l.kind, l.subject ?? null, l.quantity ?? null])).toEqual([
      ["item", "Car shampoo", 3],
      ["item", "Coffee", 2],
      ["discount", "Coffee", null],
      ["discount", null, null],
      ["delivery", null, null],
    ]);
    expect(receipt!.lines[0]).toMatchObject({ amountMinor: 30_003, detail: null });
    expect(receipt!.lines[1]).toMatchObject({
      amountMinor: (45_000 + 1_999) * 2,
      detail: `Large, ${addon.name.en}`,
    });
    expect(receipt!.lines[3]!.detail).toBe(coupon.code);
    expect(receipt!.lines[4]!.amountMinor).toBe(Number(order.delivery_minor));
    expect(receipt!.taxes).toEqual([
      expect.objectContaining({ name: "VAT", rateBps: 750, amountMinor: Number(order.tax_minor) }),
    ]);
    // VAT on everything after the discounts, the delivery included.
    const base = receipt!.lines.reduce((s, l) => s + l.amountMinor, 0);
    expect(receipt!.taxes[0]!.baseMinor).toBe(base);
    expect(sum(receipt!)).toBe(Number(order.total_minor));
    expect(Number(receipt!.total_minor)).toBe(Number(order.total_minor));
    expect(Number(receipt!.moved)).toBe(Number(order.total_minor));
  });

  it("a takeaway's receipt is on its park's clock", async () => {
    const item = await createItem(db, { categoryId: category.id, priceMinor: 5_000, stock: 5 });
    const user = await fundedUser(db);
    const [park] = await queryRows<{ id: number }>(
      db,
      sql`SELECT p.id FROM parks p JOIN countries c ON c.id = p.country_id WHERE c.code = 'NG' AND p.status = 'active' ORDER BY p.id LIMIT 1`,
    );
    const res = await placeOrder(ctx.app, user, {
      country: "NG",
      order_type: "takeaway",
      park_id: park!.id,
      time_slot: slot,
      lines: [{ item_id: item.id, quantity: 1 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const [receipt] = await documentsOf(res.json<Order>().order_code);
    expect(receipt!.park_id).toBe(park!.id);
  });

  it("a rejection's credit note reverses the receipt in full; a return's gives back the units returned and their VAT", async () => {
    const staff = await createUser(db);
    const rejected = await deliveryOrder();
    await moveOrder(deps(), {
      orderCode: rejected.code,
      to: "confirmed",
      actor: { role: "staff", userId: staff.id },
    });
    await moveOrder(deps(), {
      orderCode: rejected.code,
      to: "rejected",
      actor: { role: "staff", userId: staff.id },
    });
    const [charged, note] = await documentsOf(rejected.code);
    expect(note).toMatchObject({
      kind: "credit_note",
      reverses_id: charged!.id,
      ledger_key: `order:${rejected.order.id}:2`,
    });
    expect(Number(note!.total_minor)).toBe(-Number(rejected.order.total_minor));
    expect(Number(note!.moved)).toBe(-Number(rejected.order.total_minor));
    expect(note!.lines.map((l) => [l.kind, l.subject ?? null, l.amountMinor])).toEqual(
      charged!.lines.map((l) => [l.kind, l.subject ?? null, -l.amountMinor]),
    );
    expect(note!.taxes.map((t) => t.amountMinor)).toEqual([-Number(rejected.order.tax_minor)]);

    const { code, order } = await deliveryOrder();
    for (const to of [
      "confirmed",
      "processing",
      "being_prepared",
      "out_for_delivery",
      "delivered",
    ] as const) {
      await moveOrder(deps(), { orderCode: code, to, actor: { role: "staff", userId: staff.id } });
    }
    const returned = await moveOrder(deps(), {
      orderCode: code,
      to: "returned",
      actor: { role: "staff", userId: staff.id },
      returns: [{ position: 1, quantity: 1 }],
    });
    const [receipt, partial] = await documentsOf(code);
    expect(partial).toMatchObject({
      kind: "credit_note",
      reverses_id: receipt!.id,
      ledger_key: `order:${order.id}:2`,
    });
    expect(partial!.lines.map((l) => [l.kind, l.subject, l.quantity])).toEqual([["item", "Coffee", 1]]);
    expect(partial!.taxes).toHaveLength(1);
    expect(partial!.taxes[0]).toMatchObject({ name: "VAT", rateBps: 750 });
    expect(partial!.taxes[0]!.baseMinor).toBe(partial!.lines[0]!.amountMinor);
    expect(partial!.taxes[0]!.amountMinor).toBeLessThan(0);
    expect(sum(partial!)).toBe(-returned.refundedMinor);
    expect(Number(partial!.moved)).toBe(-returned.refundedMinor);
  });
});
