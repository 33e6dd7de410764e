import { describeHours, formatZonedDateTime, type PassDetail } from "@parkwell/contract";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ApiError } from "../../lib/api";
import { useFocusWhenTurnsOn } from "../../lib/use-focus";
import { formatMoney, vehicleTypeLabel } from "../../lib/format";
import { QrCode } from "../../components/ui/qr-code";
import { ReceiptLinks } from "../../components/ui/receipt-links";
import { SavedCopyNotice } from "../../components/ui/saved-copy-notice";
import { WalletLinks } from "../../components/ui/wallet-links";
import type { MaybeSaved } from "../../lib/offline-passes";
import { ReportProblem } from "../../components/claims/report-problem";
import { passQuery } from "./pass-api";
import { PassBadgeText } from "./pass-badge";
import { PassCancel } from "./pass-cancel";
import { PassCompanyGrace } from "./pass-company-grace";
import { formatPassDay } from "./pass-format";
import { planName } from "./plans-text";
import { PassLines } from "./pass-lines";
import { PassPlatesForm } from "./pass-plates-form";
import { PassWeek } from "./pass-week";
// The app's field styles (44 px controls, 16 px text) for the forms on this page.
import "../../components/ui/content.css";
import "./pass.css";

const hoursLanguage = (language: string) => (/^fr\b/i.test(language) ? "fr" : "en");

/** /passes/{code}: the gate's QR, the plan's hours, the plates, the renewal, the charges; change plates, cancel. */
export function PassPage() {
  const { code = "" } = useParams();
  return <PassView code={code.toUpperCase()} />;
}

/** The pass named by `code`, loaded and shown. */
export function PassView({ code }: { code: string }) {
  const { t, i18n } = useTranslation("passes");
  const pass = useQuery(passQuery(code));
  const p = pass.data;
  return (
    <div className="container page pass-page">
      <p>
        <Link to="/bookings?status=passes">{t("detail.back")}</Link>
      </p>
      <h1>{p ? planName(p.plan, i18n.language) : t("detail.title")}</h1>
      {pass.isPending && <p>{t("common:loading")}</p>}
      {pass.isError && (
        <p role="alert" className="alert alert--error">
          {pass.error instanceof ApiError ? pass.error.message : t("loadError")}
        </p>
      )}
      {p?.saved_copy && <SavedCopyNotice copy={p.saved_copy} zone={p.park.time_zone} />}
      {p && (
        <PassBody
          pass={p}
          fetchedAt={pass.dataUpdatedAt}
          refresh={async () => (await pass.refetch()).data?.wallet}
        />
      )}
    </div>
  );
}

function PassBody({
  pass: p,
  fetchedAt,
  refresh,
}: {
  pass: MaybeSaved<PassDetail>;
  /** When the page's answer came, and how to fetch it again: the wallet link's freshness. */
  fetchedAt: number;
  refresh: () => Promise<PassDetail["wallet"] | undefined>;
}) {
  // "bookings": the vehicle types' names.
  const { t, i18n } = useTranslation(["passes", "bookings"]);
  const lang = i18n.language;
  const zone = p.park.time_zone;
  const at = (iso: string) => formatZonedDateTime(iso, lang, zone);
  const day = (iso: string) => formatPassDay(iso, lang, zone);
  const money = (n: number) => formatMoney(n, p.currency, lang);
  // Cancelled: the Cancel button is gone, the focus goes to the line saying when the pass ends
  // (or, cancelled in grace, to its status: ended).
  const ends = useFocusWhenTurnsOn<HTMLParagraphElement>(p.status !== "ended" && p.cancel_at_period_end);
  const ended = useFocusWhenTurnsOn<HTMLDivElement>(p.status === "ended");
  return (
    <div className="pass-detail">
      <section className="card pass-qr" aria-labelledby="pass-qr-title">
        <h2 id="pass-qr-title" className="pass-code">
          {p.pass_code}
        </h2>
        {p.qr ? (
          <>
            <QrCode value={p.qr} label={t("detail.qrAlt", { code: p.pass_code })} />
            <p>{t("detail.qrHint")}</p>
            {!p.saved_copy && <WalletLinks wallet={p.wallet} fetchedAt={fetchedAt} refresh={refresh} />}
          </>
        ) : (
          <p>{t("detail.noQr")}</p>
        )}
        <div ref={ended} tabIndex={-1}>
          <PassBadgeText pass={p} />
        </div>
      </section>

      <section className="card pass-facts" aria-labelledby="pass-facts-title">
        <h2 id="pass-facts-title">{t("detail.factsTitle")}</h2>
        {p.status === "grace" && p.paid_by_company !== null && (
          <PassCompanyGrace pass={{ ...p, paid_by_company: p.paid_by_company }} />
        )}
        {p.status === "grace" && p.grace && p.paid_by_company === null && (
          <div role="alert" className="alert alert--error" data-testid="pass-grace">
            <p>
              <strong>{t("detail.graceTitle")}</strong>
            </p>
            <p>
              {t("detail.graceText", {
                amount: money(p.next_charge?.amount ?? 0),
                missing: money(p.grace.missing),
                date: at(p.grace.lapses_at),
              })}
            </p>
            <Link className="button button--accent" to="/wallet">
              {t("detail.topUp")}
            </Link>
          </div>
        )}
        {p.status !== "ended" && p.cancel_at_period_end && (
          <p ref={ends} tabIndex={-1} role="status" className="alert alert--success" data-testid="pass-ends">
            {t("detail.endsOn", { date: at(p.paid_until) })}
          </p>
        )}
        <dl className="pass-list">
          <div>
            <dt>{t("detail.park")}</dt>
            <dd>
              <Link to={`/park/${p.park.slug}`}>{p.park.name}</Link>
            </dd>
          </div>
          <div>
            <dt>{t("detail.hours")}</dt>
            <dd>{describeHours(p.plan.windows, hoursLanguage(lang))}</dd>
          </div>
          {p.paid_by_company !== null && (
            <div>
              <dt>{t("detail.paidBy")}</dt>
              <dd data-testid="pass-paid-by">{p.paid_by_company}</dd>
            </div>
          )}
          <div>
            <dt>{t("detail.vehicleType")}</dt>
            <dd>{vehicleTypeLabel(t, p.vehicle_type_id, p.vehicle_type)}</dd>
          </div>
          <div>
            <dt>{t("detail.plates")}</dt>
            <dd>{p.plates.join(", ")}</dd>
          </div>
          {p.space_label && (
            <div>
              <dt>{t("detail.space")}</dt>
              <dd data-testid="pass-space">{p.space_label}</dd>
            </div>
          )}
          <div>
            <dt>{t("detail.started")}</dt>
            <dd>{at(p.starts_at)}</dd>
          </div>
          <div>
            <dt>{t("detail.paidUntil")}</dt>
            <dd>{at(p.paid_until)}</dd>
          </div>
          {p.next_charge && p.renews_at && (
            <div>
              <dt>{t("detail.nextRenewal")}</dt>
              <dd data-testid="pass-next">
                {t("detail.renewsFor", { date: day(p.renews_at), amount: money(p.next_charge.amount) })}
              </dd>
            </div>
          )}
        </dl>
        <p className="field__hint">{t("detail.zone", { zone })}</p>
        <PassWeek windows={p.plan.windows} />
      </section>

      {p.next_charge && (
        <section className="card" aria-labelledby="pass-next-title">
          <h2 id="pass-next-title">{t("detail.nextTitle")}</h2>
          <p>
            {t(p.paid_by_company === null ? "detail.nextTerm" : "detail.nextTermCompany", {
              start: at(p.next_charge.period_start),
              end: at(p.next_charge.period_end),
              company: p.paid_by_company,
            })}
          </p>
          <PassLines breakdown={p.next_charge.breakdown} currency={p.currency} />
          <p className="field__hint">{t("detail.pricingRule", { count: p.term_months })}</p>
        </section>
      )}

      <section className="card" aria-labelledby="pass-charges-title">
        <h2 id="pass-charges-title">{t("detail.chargesTitle")}</h2>
        <ol className="pass-charges" reversed>
          {p.charges.map((c) => (
            <li key={c.period}>
              <p>
                <strong>{t("detail.chargeTerm", { period: c.period })}</strong>{" "}
                {t("detail.chargeSpan", { start: at(c.period_start), end: at(c.period_end) })}
              </p>
              <p className="field__hint">{t("detail.chargedAt", { date: at(c.charged_at) })}</p>
              <PassLines breakdown={c.breakdown} currency={c.currency} />
            </li>
          ))}
        </ol>
      </section>

      {/* A copy kept on this device (offline): what needs the API waits for the connection. */}
      {!p.saved_copy && <ReportProblem subject={{ pass_id: p.pass_code }} />}
      {!p.saved_copy && <ReceiptLinks reference={p.pass_code} />}

      {p.status !== "ended" && !p.saved_copy && (
        <section className="card pass-actions" aria-labelledby="pass-actions-title">
          <h2 id="pass-actions-title">{t("detail.actionsTitle")}</h2>
          <PassPlatesForm pass={p} />
          {!p.cancel_at_period_end && <PassCancel pass={p} />}
        </section>
      )}
    </div>
  );
}
