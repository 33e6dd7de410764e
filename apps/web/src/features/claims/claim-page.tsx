import type { Claim } from "@parkwell/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { FormAlert } from "../../components/ui/form-alert";
import { WithCode } from "../../components/ui/with-code";
import { api, apiDownloadLink } from "../../lib/api";
import { formatMoney } from "../../lib/format";
import { errorText } from "../../lib/form-errors";
import { formatZonedDateTime } from "../../lib/zoned-time";
import "../../components/ui/content.css";
import "../../components/claims/claims.css";

const claimQuery = (id: string) => ({
  queryKey: ["claims", id],
  queryFn: ({ signal }: { signal: AbortSignal }) => api("/claims/{id}", { params: { id }, signal }),
  retry: false,
});

/** Opens the claim's photo: fetched with the driver's token through its 5-minute link. */
async function openPhoto(url: string) {
  const { blob } = await apiDownloadLink(url, "image/jpeg,image/png,application/pdf");
  window.open(URL.createObjectURL(blob), "_blank", "noopener");
}

/**
 * /claims/{id}: a claim as the driver reads it (docs/PRODUCT-RULES.md#claims): what was reported
 * and when, and once decided, the decision, what came back (or the booking at another park a
 * rebooking made, linked) and the reason; every time on the park's clock with the month.
 */
export function ClaimPage() {
  const { t, i18n } = useTranslation("claims");
  const { id = "" } = useParams();
  const claim = useQuery(claimQuery(id));
  const photo = useMutation({ mutationFn: openPhoto });
  const c = claim.data;
  if (claim.isPending) return <p className="container page">{t("common:loading")}</p>;
  if (claim.isError || !c)
    return (
      <div className="container page">
        <h1>{t("page.notFound")}</h1>
        <FormAlert message={errorText(t, claim.error)} />
      </div>
    );
  const at = (iso: string) => formatZonedDateTime(iso, i18n.language, c.time_zone);
  const money = (n: number) => formatMoney(n, c.currency, i18n.language);
  return (
    <div className="container page claim-page">
      <h1>{t("page.title", { code: c.code })}</h1>
      <p role="status" data-testid="claim-status">
        <strong>{t(`status.${c.status}`)}</strong>
      </p>
      <dl className="claim-facts">
        <dt>{t("page.problem")}</dt>
        <dd>{t(`reasons.${c.reason}`)}</dd>
        <dt>{t("page.parking")}</dt>
        <dd>
          {c.booking ? (
            <Link to={`/booking-details/${c.booking.code}`}>{c.booking.code}</Link>
          ) : c.pass ? (
            <Link to={`/passes/${c.pass.code}`}>
              {t("page.passTerm", { code: c.pass.code, term: c.pass.term })}
            </Link>
          ) : null}{" "}
          · {c.park.name}
        </dd>
        <dt>{t("page.filed")}</dt>
        <dd>{at(c.filed_at)}</dd>
        {c.details && (
          <>
            <dt>{t("page.details")}</dt>
            <dd className="claim-details">{c.details}</dd>
          </>
        )}
        {c.photo && (
          <>
            <dt>{t("page.photo")}</dt>
            <dd>
              <button type="button" className="button" onClick={() => photo.mutate(c.photo!.url)}>
                {t("page.openPhoto")}
              </button>
            </dd>
          </>
        )}
        {c.location && (
          <>
            <dt>{t("page.location")}</dt>
            <dd>{t("page.locationShared")}</dd>
          </>
        )}
      </dl>
      {photo.isError && <FormAlert message={errorText(t, photo.error)} />}
      <Decision claim={c} at={at} money={money} />
    </div>
  );
}

function Decision({
  claim: c,
  at,
  money,
}: {
  claim: Claim;
  at: (iso: string) => string;
  money: (n: number) => string;
}) {
  const { t } = useTranslation("claims");
  if (!c.decision) {
    return (
      <section className="card" data-testid="claim-decision">
        <h2>{t("page.decisionTitle")}</h2>
        <p>{t("page.waiting", { date: at(c.due_at) })}</p>
      </section>
    );
  }
  const d = c.decision;
  return (
    <section className="card" data-testid="claim-decision">
      <h2>{t("page.decisionTitle")}</h2>
      {d.kind === "rebook" && d.rebooked ? (
        <>
          <p>
            {t(
              {
                rule: "page.rebookedByRule",
                attendant: "page.rebookedByAttendant",
                staff: "page.rebookedOn",
              }[d.by],
              { date: at(d.at) },
            )}
          </p>
          <p data-testid="claim-rebooked">
            <WithCode
              text={t("page.rebooked", { park: d.rebooked.park.name, code: d.rebooked.booking_code })}
              code={d.rebooked.booking_code}
            />{" "}
            <Link to={`/booking-details/${encodeURIComponent(d.rebooked.booking_code)}`}>
              {t("page.seeBooking")}
            </Link>
          </p>
        </>
      ) : (
        <p>
          {d.kind === "decline"
            ? t("page.declined", { date: at(d.at) })
            : t(
                {
                  rule: "page.refundedByRule",
                  attendant: "page.refundedByAttendant",
                  staff: "page.refunded",
                }[d.by],
                {
                  amount: money(d.refund ?? 0),
                  date: at(d.at),
                },
              )}
        </p>
      )}
      {d.reason && (
        <p>
          {t("page.reason")} <q>{d.reason}</q>
        </p>
      )}
      {(d.kind === "refund_full" || d.kind === "refund_part") && (
        <Link to="/receipts">{t("page.receipts")}</Link>
      )}
    </section>
  );
}
