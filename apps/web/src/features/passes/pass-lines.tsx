import type { PassCharge } from "@parkwell/contract";
import { useTranslation } from "react-i18next";
import { formatMoney, taxLines } from "../../lib/format";

/** A term's price as the server broke it down: the plan's price for the term, the fees, each tax, the total. */
export function PassLines({ breakdown, currency }: { breakdown: PassCharge["breakdown"]; currency: string }) {
  const { t, i18n } = useTranslation("passes");
  const money = (n: number) => formatMoney(n, currency, i18n.language);
  const rows: [string, number][] = [
    [t("price.term"), breakdown.parking],
    [t("price.serviceFee"), breakdown.service_fee],
    [t("price.bookingFee"), breakdown.booking_fee],
    ...taxLines(t, breakdown, i18n.language),
  ];
  return (
    <dl className="pass-lines">
      {rows
        .filter(([, v]) => v !== 0)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{money(value)}</dd>
          </div>
        ))}
      <div className="pass-lines__total">
        <dt>{t("price.total")}</dt>
        <dd>{money(breakdown.total)}</dd>
      </div>
    </dl>
  );
}
