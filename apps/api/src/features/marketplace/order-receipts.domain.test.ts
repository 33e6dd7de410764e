import { describe, expect, it } from "vitest";
import { totalOf } from "../receipts/receipts.domain";
import { priceOrder, returnRefund } from "./order-pricing.domain";
import { orderReceiptBody, returnReceiptBody, type ReceiptOrderLine } from "./order-receipts.domain";

const VAT = { name: "VAT", rateBps: 750 };
const named = (en: string) => ({ en, fr: `${en} (fr)` });

/** Seeded pseudo-random integers, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s % n;
  };
}

describe("an order's receipt and its returns' credit notes", () => {
  it("sum to the order's total, and the returns, in any steps, to minus what each gave back", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const next = random(seed);
      const lines: ReceiptOrderLine[] = Array.from({ length: 1 + next(4) }, (_, i) => {
        const unit = 1 + next(50_000);
        return {
          name: named(`Item ${i}`),
          variationName: next(2) ? named("Large") : null,
          addons: next(2) ? [{ name: named("Extra") }] : [],
          quantity: 1 + next(5),
          unitPriceMinor: unit,
          unitOfferMinor: next(3) === 0 ? next(unit) : 0,
        };
      });
      const goods = lines.reduce((s, l) => s + (l.unitPriceMinor - l.unitOfferMinor) * l.quantity, 0);
      const amounts = priceOrder({
        lines,
        couponDiscountMinor: next(2) ? next(goods + 1) : 0,
        deliveryMinor: next(2) ? 100_000 : 0,
        taxBps: VAT.rateBps,
      });
      const receipt = orderReceiptBody(
        {
          lines,
          couponCode: "SAVE10",
          couponDiscountMinor: amounts.couponDiscountMinor,
          deliveryMinor: amounts.deliveryMinor,
          taxMinor: amounts.taxMinor,
        },
        VAT,
      );
      expect(totalOf(receipt)).toBe(amounts.totalMinor);

      // Every unit returned, a few at a time.
      const returned = lines.map(() => 0);
      let given = 0;
      while (returned.some((n, i) => n < lines[i]!.quantity)) {
        const i = returned.findIndex((n, j) => n < lines[j]!.quantity);
        const priced = amounts.lines[i]!;
        const units = 1 + next(lines[i]!.quantity - returned[i]!);
        const refund = returnRefund(priced, returned[i]!, units);
        const note = returnReceiptBody(
          [
            {
              line: { ...lines[i]!, taxShareMinor: priced.taxShareMinor },
              alreadyReturned: returned[i]!,
              units,
              refundMinor: refund,
            },
          ],
          VAT,
          refund,
        );
        if (refund > 0) expect(totalOf(note)).toBe(-refund);
        given += refund;
        returned[i]! += units;
      }
      // All the goods and their tax come back; the delivery and its tax share do not.
      expect(given).toBe(amounts.lines.reduce((s, l) => s + l.lineTotalMinor, 0));
    }
  });

  it("names the coupon under its discount and the variation and add-ons under the item", () => {
    const body = orderReceiptBody(
      {
        lines: [
          {
            name: named("Coffee"),
            variationName: named("Large"),
            addons: [{ name: named("Oat milk") }],
            quantity: 2,
            unitPriceMinor: 1_500,
            unitOfferMinor: 100,
          },
        ],
        couponCode: "WELCOME",
        couponDiscountMinor: 300,
        deliveryMinor: 1_000,
        taxMinor: 0,
      },
      VAT,
    );
    expect(body.lines).toEqual([
      { kind: "item", subject: "Coffee", quantity: 2, detail: "Large, Oat milk", amountMinor: 3_000 },
      { kind: "discount", subject: "Coffee", amountMinor: -200 },
      { kind: "discount", detail: "WELCOME", amountMinor: -300 },
      { kind: "delivery", amountMinor: 1_000 },
    ]);
    expect(body.taxes).toEqual([]);
  });
});
