import { CANCELLATION_REFUNDS_FEES, CANCELLATION_RULES } from "@parkwell/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHead } from "../../lib/seo/page-head";
import { PageHeader, Sections, type InfoSection } from "../../components/ui/info-content";
import { Spinner } from "../../components/ui/spinner";
import { usePageText } from "../../lib/pages";

/** One row per rule, worded from the same constants the booking code refunds with. */
export function policyRows(): { from: number; until: number | null; percent: number }[] {
  return CANCELLATION_RULES.map((rule, i) => ({
    from: rule.minutesBeforeStart,
    until: i === 0 ? null : CANCELLATION_RULES[i - 1]!.minutesBeforeStart,
    percent: rule.refundPercent,
  }));
}

function when(
  t: (k: string, o?: Record<string, unknown>) => string,
  from: number,
  until: number | null,
): string {
  const span = (m: number) =>
    m % 60 === 0 ? t("cancellation.hours", { count: m / 60 }) : t("cancellation.minutes", { count: m });
  if (until === null) return t("cancellation.atLeast", { span: span(from) });
  if (from === 0) return t("cancellation.lessThanUntilStart", { span: span(until) });
  return t("cancellation.between", { from: span(from), until: span(until) });
}

/**
 * /cancellation-policy: the words are the page the company edits (decision 035); the refund table
 * comes from the contract's CANCELLATION_RULES, the ones the booking code refunds with.
 */
export function CancellationPage() {
  const { t } = useTranslation("legal");
  const { content } = usePageText("cancellation", () => {
    const sections = t("cancellation.sections", { returnObjects: true }) as InfoSection[];
    return {
      title: t("cancellation.title"),
      lead: t("cancellation.lead"),
      sections: Array.isArray(sections) ? sections : [],
    };
  });
  if (!content) return <Spinner />;
  return (
    <article className="info">
      <PageHead title={content.title} description={content.lead} path="/cancellation-policy" />
      <PageHeader title={content.title} lead={content.lead} />
      <div className="container prose">
        <section aria-labelledby="refund-table-title">
          <h2 id="refund-table-title">{t("cancellation.tableTitle")}</h2>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t("cancellation.colWhen")}</th>
                <th scope="col">{t("cancellation.colRefund")}</th>
              </tr>
            </thead>
            <tbody>
              {policyRows().map((row) => (
                <tr key={row.from}>
                  <td>{when(t, row.from, row.until)}</td>
                  <td>{t("cancellation.percentRefund", { percent: row.percent })}</td>
                </tr>
              ))}
              <tr>
                <td>{t("cancellation.afterStart")}</td>
                <td>{t("cancellation.noCancel")}</td>
              </tr>
            </tbody>
          </table>
          <p>{CANCELLATION_REFUNDS_FEES ? t("cancellation.feesRefunded") : t("cancellation.feesKept")}</p>
          <p>{t("cancellation.parkingTax")}</p>
          <p>{t("cancellation.charging")}</p>
        </section>
        {/* Beside the table: what happens when the car park, not the driver, cancels (decision 058). */}
        <section aria-labelledby="space-guarantee-title" data-testid="space-guarantee">
          <h2 id="space-guarantee-title">{t("cancellation.guaranteeTitle")}</h2>
          <p>{t("cancellation.guarantee")}</p>
          <p>
            <Link to="/space-guarantee">{t("cancellation.guaranteeLink")}</Link>
          </p>
        </section>
      </div>
      <Sections sections={content.sections} />
    </article>
  );
}
