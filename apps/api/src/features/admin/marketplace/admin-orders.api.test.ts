import type {
  AdminCoupon,
  AdminCourierList,
  AdminDelivery,
  AdminDeliveryList,
  AdminMarketItem,
  AdminOrder,
  AdminOrderList,
  AdminOrderReceipt,
  MarketItemsReport,
  MarketSalesReport,
  Order,
} from "@parkwell/contract";
import { FORBIDDEN_MESSAGE, ORDER_STAGE_REFUSED_MESSAGE } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../db/client";
import { bearer, createStaff, operatorId, type TestUser } from "../../../test/factories";
import { createTestContext, type TestContext } from "../../../test/harness";
import { ledgerViolations } from "../../../test/ledger-invariants";
import { walletBalanceMinor } from "../../wallet/ledger.service";
import { CHOOSE_COURIER_MESSAGE } from "./admin-orders.service";
import {
  caller,
  countryIds,
  driverWithAddress,
  newItem,
  openDelivery,
  tomorrowInLagos,
  unique,
} from "./test-kit";

let ctx: TestContext;
let admin: TestUser;
let employee: TestUser;
let courier: TestUser;
let otherCourier: TestUser;
let driver: TestUser;
let addressId: number;
let slotId: number;
let camera: AdminMarketItem;
let kit: AdminMarketItem;
let coupon: AdminCoupon;
const call = caller(() => ctx);
const slotDate = tomorrowInLagos();

const audits = (code: string) =>
  queryRows<{ action: string; actor_id: string; before: unknown; after: unknown }>(
    ctx.database.db,
    sql`SELECT action, actor_id, before, after FROM audit_log WHERE entity = 'order' AND entity_id = ${code} ORDER BY id`,
  );

async function placeOrder(
  lines: { item_id: number; quantity: number }[],
  couponCode?: string,
): Promise<Order> {
  const res = await ctx.app.inject({
    method: "POST",
    url: "/api/v1/orders",
    headers: { ...bearer(driver), "idempotency-key": unique("order") },
    payload: {
      country: "NG",
      lines,
      order_type: "delivery",
      address_id: addressId,
      time_slot: { slot_id: slotId, date: slotDate.date },
      ...(couponCode ? { coupon_code: couponCode } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}

const move = (code: string, to: string, extra: object = {}, user = admin) =>
  call(user, "POST", `/admin/orders/${code}/stage`, { to, ...extra });

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  admin = await createStaff(db, "admin");
  employee = await createStaff(db, "employee", {
    operatorId: await operatorId(db, "Harbourview Parking Ltd"),
  });
  courier = await createStaff(db, "delivery_boy");
  otherCourier = await createStaff(db, "delivery_boy");
  const ng = (await countryIds(ctx)).NG!;
  ({ user: driver, addressId } = await driverWithAddress(ctx, ng));
  const setup = await openDelivery(ctx, admin);
  slotId = setup.slots.find((s) => s.day === slotDate.day)!.id;
  const category = await call(admin, "POST", "/admin/marketplace/categories", {
    slug: unique("safety"),
    name: { en: "Safety", fr: "Sécurité" },
  });
  const categoryId = category.json<{ id: number }>().id;
  camera = await newItem(ctx, admin, {
    category_id: categoryId,
    name: { en: '=HYPERLINK("x") cam', fr: "Caméra" },
    price: 20000,
    stock: 20,
  });
  kit = await newItem(ctx, admin, {
    category_id: categoryId,
    name: { en: "First-aid kit", fr: "Trousse" },
    price: 8000,
  });
  const c = await call(admin, "POST", "/admin/marketplace/coupons", {
    country_code: "NG",
    code: unique("SAFE").toUpperCase().slice(0, 20),
    name: "Ten percent",
    discount_type: "percentage",
    discount: 10,
    start_local: "2020-01-01T00:00",
    end_local: "2099-12-31T23:59",
  });
  expect(c.statusCode, c.body).toBe(201);
  coupon = c.json<AdminCoupon>();
});
afterAll(async () => {
  await ctx?.close();
});

describe("who sees orders", () => {
  it("a user without the orders section gets the 403; a courier too, outside their deliveries", async () => {
    for (const user of [employee, courier]) {
      for (const url of ["/admin/orders", "/admin/orders/couriers", "/admin/orders/reports/sales"]) {
        const res = await call(user, "GET", url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toMatchObject({ message: FORBIDDEN_MESSAGE });
      }
    }
    const res = await call(employee, "GET", "/admin/deliveries");
    expect(res.statusCode).toBe(403);
  });
});

describe("an order through the back office", () => {
  let order: Order;

  it("lists the placed order with the counts per stage, and shows its detail", async () => {
    order = await placeOrder(
      [
        { item_id: camera.id, quantity: 2 },
        { item_id: kit.id, quantity: 1 },
      ],
      coupon.code,
    );
    const list = await call(admin, "GET", `/admin/orders?stage=placed&country=NG&search=${order.order_code}`);
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json<AdminOrderList>();
    expect(page.items.map((o) => o.order_code)).toEqual([order.order_code]);
    expect(page.stages.placed).toBe(1);
    expect(page.stages.confirmed).toBe(0);
    expect(page.items[0]).toMatchObject({ items: 3, customer: { id: driver.id }, courier: null });
    const byEmail = await call(admin, "GET", `/admin/orders?search=${encodeURIComponent(driver.email)}`);
    expect(byEmail.json<AdminOrderList>().total).toBe(1);

    const res = await call(admin, "GET", `/admin/orders/${order.order_code.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json<AdminOrder>();
    expect(detail).toMatchObject({
      order_code: order.order_code,
      stage: "placed",
      coupon_code: coupon.code,
      next_stages: ["confirmed", "rejected", "canceled"],
      can_assign_courier: true,
      address: { city: "Lagos" },
      depot: { name: "Lagos depot" },
      time_slot: { date: slotDate.date, start_time: "00:00", end_time: "23:59" },
    });
    expect(detail.lines.map((l) => l.quantity)).toEqual([2, 1]);
    expect(detail.total).toEqual(order.total);
    // The lines and the delivery with its share of the tax make up the total.
    const lines = detail.lines.reduce((n, l) => n + l.line_total.amount, 0);
    const deliveryTax = detail.tax.amount - detail.lines.reduce((n, l) => n + l.tax_share.amount, 0);
    expect(lines + detail.delivery_charge.amount + deliveryTax).toBeCloseTo(detail.total.amount, 2);
    expect(detail.timeline.map((t) => t.stage)).toEqual(["placed"]);
    expect((await call(admin, "GET", "/admin/orders/OR-ZZZZZZ")).statusCode).toBe(404);
  });

  it("moves along the staff's stages and refuses a pair the table has not (409, nothing changed)", async () => {
    for (const to of ["confirmed", "processing", "being_prepared"]) {
      const res = await move(order.order_code, to, { note: `to ${to}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<AdminOrder>().stage).toBe(to);
    }
    const refused = await move(order.order_code, "completed");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "stage_refused",
      message: ORDER_STAGE_REFUSED_MESSAGE.replace("{from}", "being_prepared").replace("{to}", "completed"),
    });
    const detail = (await call(admin, "GET", `/admin/orders/${order.order_code}`)).json<AdminOrder>();
    expect(detail.stage).toBe("being_prepared");
    expect(detail.next_stages).toEqual(["out_for_delivery"]);
    expect(detail.timeline.map((t) => [t.stage, t.note])).toEqual([
      ["placed", null],
      ["confirmed", "to confirmed"],
      ["processing", "to processing"],
      ["being_prepared", "to being_prepared"],
    ]);
    expect(detail.timeline[1]!.actor).toBeTruthy();
    const bad = await call(admin, "POST", `/admin/orders/${order.order_code}/stage`, { to: "flying" });
    expect(bad.statusCode).toBe(422);
  });

  it("assigns a courier (only a delivery_boy), who alone sees and moves the order", async () => {
    const couriers = (await call(admin, "GET", "/admin/orders/couriers")).json<AdminCourierList>();
    expect(couriers.items.map((c) => c.id)).toEqual(expect.arrayContaining([courier.id, otherCourier.id]));
    const notCourier = await call(admin, "POST", `/admin/orders/${order.order_code}/courier`, {
      courier_id: employee.id,
    });
    expect(notCourier.statusCode).toBe(422);
    expect(notCourier.json()).toMatchObject({ fields: { courier_id: CHOOSE_COURIER_MESSAGE } });
    const res = await call(admin, "POST", `/admin/orders/${order.order_code}/courier`, {
      courier_id: courier.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminOrder>().courier?.id).toBe(courier.id);

    const mine = (await call(courier, "GET", "/admin/deliveries")).json<AdminDeliveryList>();
    expect(mine.items.map((d) => d.order_code)).toEqual([order.order_code]);
    expect(mine.items[0]).toMatchObject({
      next_stages: ["out_for_delivery"],
      address: { city: "Lagos" },
      items: 3,
    });
    expect((await call(otherCourier, "GET", "/admin/deliveries")).json<AdminDeliveryList>().items).toEqual(
      [],
    );
    const stolen = await call(otherCourier, "POST", `/admin/deliveries/${order.order_code}/picked-up`);
    expect(stolen.statusCode).toBe(404);
    const early = await call(courier, "POST", `/admin/deliveries/${order.order_code}/delivered`);
    expect(early.statusCode).toBe(409);

    const picked = await call(courier, "POST", `/admin/deliveries/${order.order_code}/picked-up`);
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json<AdminDelivery>()).toMatchObject({
      stage: "out_for_delivery",
      next_stages: ["delivered"],
    });
    const delivered = await call(courier, "POST", `/admin/deliveries/${order.order_code}/delivered`);
    expect(delivered.json<AdminDelivery>().stage).toBe("delivered");
    // A courier cannot use the staff's route.
    expect((await move(order.order_code, "completed", {}, courier)).statusCode).toBe(403);
    const late = await call(admin, "POST", `/admin/orders/${order.order_code}/courier`, {
      courier_id: otherCourier.id,
    });
    expect(late.statusCode).toBe(409);
  });

  it("takes a line back: the return refunds its share to the wallet", async () => {
    const before = await walletBalanceMinor(ctx.database.db, driver.id, "NGN");
    const none = await move(order.order_code, "returned");
    expect(none.statusCode).toBe(422);
    const res = await move(order.order_code, "returned", { returns: [{ position: 0, quantity: 1 }] });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<AdminOrder>();
    expect(detail.stage).toBe("returned");
    expect(detail.lines[0]!.returned_quantity).toBe(1);
    expect(detail.refunded.amount).toBeGreaterThan(0);
    const after = await walletBalanceMinor(ctx.database.db, driver.id, "NGN");
    expect(after - before).toBe(Math.round(detail.refunded.amount * 100));
    expect(await ledgerViolations(ctx.database.db)).toEqual([]);
    expect(detail.next_stages).toEqual([]);
  });

  it("keeps an audit entry of each staff move and of the courier", async () => {
    const rows = await audits(order.order_code);
    expect(rows.map((r) => r.action)).toEqual([
      "order.stage",
      "order.stage",
      "order.stage",
      "order.courier",
      "order.stage",
      "order.stage",
      "order.stage",
    ]);
    expect(rows[3]).toMatchObject({ actor_id: admin.id, after: { courier_id: courier.id } });
    expect(rows[4]).toMatchObject({ actor_id: courier.id, after: { stage: "out_for_delivery" } });
    expect(rows[6]).toMatchObject({ before: { stage: "delivered" }, after: { stage: "returned" } });
  });

  it("rejects a new order with a full refund, and prints a receipt", async () => {
    const before = await walletBalanceMinor(ctx.database.db, driver.id, "NGN");
    const second = await placeOrder([{ item_id: kit.id, quantity: 2 }]);
    const rejected = await move(second.order_code, "rejected", { note: "Out of stock at the depot" });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<AdminOrder>().refunded).toEqual(second.total);
    expect(await walletBalanceMinor(ctx.database.db, driver.id, "NGN")).toBe(before);

    const receipt = await call(admin, "GET", `/admin/orders/${second.order_code}/receipt`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.json<AdminOrderReceipt>()).toMatchObject({
      seller: { name: "Parkwell", website: "http://parkwell.test" },
      order: { order_code: second.order_code, stage: "rejected" },
    });
  });
});

describe("a takeaway order and the coupon's uses", () => {
  it("is handed over from being prepared, and never gets a courier", async () => {
    const [park] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`SELECT id FROM parks WHERE status = 'active' AND country_id = (SELECT id FROM countries WHERE code = 'NG')
        ORDER BY id LIMIT 1`,
    );
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/orders",
      headers: { ...bearer(driver), "idempotency-key": unique("takeaway") },
      payload: {
        country: "NG",
        lines: [{ item_id: kit.id, quantity: 1 }],
        order_type: "takeaway",
        park_id: Number(park!.id),
        time_slot: { slot_id: slotId, date: slotDate.date },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const code = res.json<Order>().order_code;
    for (const to of ["confirmed", "processing", "being_prepared"]) {
      expect((await move(code, to)).statusCode).toBe(200);
    }
    const detail = (await call(admin, "GET", `/admin/orders/${code}`)).json<AdminOrder>();
    expect(detail).toMatchObject({
      next_stages: ["delivered"],
      can_assign_courier: false,
      park: { id: Number(park!.id) },
    });
    const courierRes = await call(admin, "POST", `/admin/orders/${code}/courier`, { courier_id: courier.id });
    expect(courierRes.statusCode).toBe(409);
    expect((await move(code, "out_for_delivery")).statusCode).toBe(409);
    expect((await move(code, "delivered")).json<AdminOrder>().stage).toBe("delivered");
    expect((await move(code, "completed")).json<AdminOrder>().next_stages).toEqual([]);
  });

  it("counts the uses of a coupon, and answers the form's refusals in French", async () => {
    const list = await call(admin, "GET", `/admin/marketplace/coupons?search=${coupon.code}`);
    expect(list.json<{ items: AdminCoupon[] }>().items[0]).toMatchObject({ code: coupon.code, uses: 1 });
    const removed = await call(admin, "DELETE", `/admin/marketplace/coupons/${coupon.id}`);
    expect(removed.statusCode).toBe(409);
    const fr = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/admin/marketplace/coupons",
      headers: { ...bearer(admin), "accept-language": "fr" },
      payload: {
        country_code: "NG",
        code: "PCT-200",
        name: "Too much",
        discount_type: "percentage",
        discount: 200,
        start_local: "2026-01-01T00:00",
        end_local: "2026-02-01T00:00",
      },
    });
    expect(fr.statusCode).toBe(422);
    const message = fr.json<{ message: string }>().message;
    expect(message).not.toBe("Discount less then or equal to 100");
    expect(message).toMatch(/100/);
  });
});

describe("the Sales and Items reports", () => {
  it("sums the orders per order and per day, refunds and net included", async () => {
    const res = await call(admin, "GET", "/admin/orders/reports/sales?group=order&country=NG&size=25");
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<MarketSalesReport>();
    expect(report.total).toBe(3);
    expect(report.items.map((r) => r.stage)).toEqual(["returned", "rejected", "completed"]);
    for (const r of report.items) expect(r.net).toBeCloseTo(r.total - r.refunded, 2);
    const rejected = report.items[1]!;
    expect(rejected.net).toBe(0);
    const [totals] = report.totals;
    expect(totals).toMatchObject({ currency: "NGN", orders: 3 });

    const byDay = (
      await call(admin, "GET", "/admin/orders/reports/sales?country=NG")
    ).json<MarketSalesReport>();
    expect(byDay.items).toHaveLength(1);
    expect(byDay.items[0]).toMatchObject({ orders: 3, order_code: null });
    expect(byDay.items[0]!.total).toBeCloseTo(
      report.items.reduce((n, r) => n + r.total, 0),
      2,
    );

    const stage = (
      await call(admin, "GET", "/admin/orders/reports/sales?group=order&stage=rejected")
    ).json<MarketSalesReport>();
    expect(stage.items.map((r) => r.stage)).toEqual(["rejected"]);
    const bad = await call(admin, "GET", "/admin/orders/reports/sales?from=2026-05-02&to=2026-05-01");
    expect(bad.statusCode).toBe(422);
    expect((await call(admin, "GET", "/admin/orders/reports/sales?size=20")).statusCode).toBe(422);
  });

  it("counts units sold and returned per item, leaving rejected orders out", async () => {
    const res = await call(admin, "GET", "/admin/orders/reports/items?country=NG");
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<MarketItemsReport>();
    const cam = report.items.find((r) => r.item_id === camera.id)!;
    const aid = report.items.find((r) => r.item_id === kit.id)!;
    expect(cam).toMatchObject({ units_sold: 2, units_returned: 1 });
    // The rejected order's two kits do not count; the first order's and the takeaway's do.
    expect(aid).toMatchObject({ units_sold: 2, units_returned: 0 });
    expect(report.items[0]!.item_id).toBe(camera.id);
    expect(cam.revenue).toBeGreaterThan(0);
    expect(cam.revenue).toBeLessThan(20000);
  });

  it("streams both as CSV, a cell that looks like a formula neutralised", async () => {
    const sales = await call(admin, "GET", "/admin/orders/reports/sales?group=order&format=csv");
    expect(sales.statusCode).toBe(200);
    expect(sales.headers["content-type"]).toContain("text/csv");
    expect(sales.headers["content-disposition"]).toMatch(/parkwell-market-sales-\d{4}-\d{2}-\d{2}-to-/);
    const lines = sales.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Day,Order,Stage,Country,Currency,Orders,Subtotal,Discounts,Delivery,Tax,Total,Refunded,Net",
    );
    expect(lines).toHaveLength(4);

    const items = await call(admin, "GET", "/admin/orders/reports/items?format=csv");
    const rows = items.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(rows[0]).toBe(
      "Item ID,Item,Variation ID,Variation,Category,Kind,Country,Currency,Units sold,Units returned,Revenue",
    );
    expect(rows[1]).toContain(`${camera.id},"'=HYPERLINK(""x"") cam"`);
    const bad = await call(
      admin,
      "GET",
      "/admin/orders/reports/items?format=csv&from=2020-01-01&to=2026-01-01",
    );
    expect(bad.statusCode).toBe(422);
  });
});
