import type { Booking } from "@parkwell/contract";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { formatMoney, taxLabel, taxNameLabel } from "../../lib/format";

type Lines = Booking["cancellation"]["refund"];

/**
 * A cancellation's money as the server splits it, line by line: what comes back to the payer (the
 * wallet, or the company that paid the booking, named) and
 * what is kept (parking, EV charging sold with it, service fee, booking fee, tax), each part with its total. The same lines
 * before cancelling (what cancelling now would do) and after (what it did, as the ledger holds it).
 */
export function CancellationLines({ booking, testId }: { booking: Booking; testId: string }) {
  const { t, i18n } = useTranslation("bookings");
  const money = (n: number) => formatMoney(n, booking.currency, i18n.language);
  const { refund, kept } = booking.cancellation;
  const rows = (l: Lines): [string, number][] =>
    (
      [
        [t("price.parking"), l.parking],
        [t("price.charging"), l.charging],
        [t("price.serviceFee"), l.service_fee],
        [t("price.bookingFee"), l.booking_fee],
        [cancellationTaxLabel(t, booking.breakdown), l.tax],
      ] as [string, number][]
    ).filter(([, v]) => v !== 0);
  const part = (key: "back" | "kept", l: Lines) => (
    <dl className="booking-lines" data-testid={`${testId}-${key}`}>
      {rows(l).map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{money(value)}</dd>
        </div>
      ))}
      <div className="booking-lines__total">
        <dt>
          {key === "back" && booking.paid_by_company
            ? t("cancelLines.backTo", { company: booking.paid_by_company })
            : t(`cancelLines.${key}`)}
        </dt>
        <dd>{money(l.total)}</dd>
      </div>
    </dl>
  );
  return (
    <div className="cancel-lines">
      {part("back", refund)}
      {kept.total !== 0 && part("kept", kept)}
    </div>
  );
}

/**
 * The tax row's label: the country's tax on the service fees, as the price names it, when that is
 * the booking's only tax; else its taxes by name ("NYC parking tax"; "GST, TransLink parking tax"),
 * since a tax on the parking comes back with it (decision 049).
 */
function cancellationTaxLabel(t: TFunction, price: Booking["breakdown"]): string {
  const names = [...new Set(price.taxes.filter((x) => x.amount !== 0).map((x) => x.name))];
  if (names.length === 0 || names.every((n) => n === price.tax_name)) return taxLabel(t, price.tax_name);
  return names.map((n) => taxNameLabel(t, n)).join(", ");
}
