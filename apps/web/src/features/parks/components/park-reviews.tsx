import {
  REVIEW_REPORT_REASON_MAX,
  REVIEW_SORTS,
  type PublicReview,
  type ReviewSort,
} from "@parkwell/contract";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../../components/ui/form-alert";
import { SelectField, TextAreaField } from "../../../components/ui/form-field";
import { Pagination } from "../../../components/ui/pagination";
import { formatAverage } from "../../../components/reviews/format";
import { ReviewItem } from "../../../components/reviews/review-item";
import { Stars } from "../../../components/reviews/stars";
import { api } from "../../../lib/api";
import { errorText } from "../../../lib/form-errors";
import { openLoginDialog } from "../../../lib/login-dialog";
import { useSession } from "../../../lib/session";
import { parkRatingQuery, parkReviewsQuery } from "../park-page-queries";

/**
 * A park page's reviews: the rating (average, count, a bar per number of stars), then the visible
 * reviews, 10 a page, newest, highest or lowest first; a signed-in driver may report one.
 */
export function ParkReviews({ parkId, timeZone }: { parkId: number; timeZone: string }) {
  const { t, i18n } = useTranslation("reviews");
  const headingId = useId();
  const [sort, setSort] = useState<ReviewSort>("newest");
  const [page, setPage] = useState(1);
  const rating = useQuery(parkRatingQuery(parkId));
  const reviews = useQuery({ ...parkReviewsQuery(parkId, sort, page), placeholderData: keepPreviousData });
  const summary = rating.data;
  const count = summary?.count ?? 0;

  return (
    <section className="park-reviews review-anchor" aria-labelledby={headingId} id="reviews">
      <h2 id={headingId}>{t("title")}</h2>
      {rating.isError && <FormAlert message={t("loadFailed")} />}
      {summary && summary.average !== null && count > 0 && (
        <div className="review-summary" data-testid="rating-summary">
          <div>
            <p className="review-summary__average">{formatAverage(summary.average, i18n.language)}</p>
            <Stars value={summary.average} size="lg" />
            <p className="review-muted">{t("count", { count })}</p>
          </div>
          <ul className="review-bars" aria-label={t("distributionLabel")}>
            {(["5", "4", "3", "2", "1"] as const).map((s) => {
              const n = summary.distribution[s];
              return (
                <li key={s} aria-label={t("barLabel", { stars: s, count: n })}>
                  <span aria-hidden="true">{s} ★</span>
                  <span className="review-bar" aria-hidden="true">
                    <span style={{ width: `${count ? Math.round((n / count) * 100) : 0}%` }} />
                  </span>
                  <span aria-hidden="true">{n}</span>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {summary && count === 0 && <p data-testid="no-reviews">{t("none")}</p>}
      {count > 0 && (
        <div className="review-toolbar">
          <SelectField
            label={t("sortLabel")}
            value={sort}
            onChange={(e) => {
              setSort(e.target.value as ReviewSort);
              setPage(1);
            }}
            options={REVIEW_SORTS.map((s) => [s, t(`sort.${s}`)] as const)}
          />
        </div>
      )}
      {reviews.isError && <FormAlert message={t("loadFailed")} />}
      {reviews.data && reviews.data.items.length > 0 && (
        <>
          <ul className="review-list" aria-busy={reviews.isPlaceholderData}>
            {reviews.data.items.map((r) => (
              <ReviewItem key={r.id} review={r} timeZone={timeZone} as="li">
                <ReportReview review={r} />
              </ReviewItem>
            ))}
          </ul>
          <Pagination page={reviews.data.page} pages={reviews.data.pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}

/** "Report" under a review: a reason (optional) and Send, for a signed-in driver; sign in first otherwise. */
function ReportReview({ review }: { review: PublicReview }) {
  const { t } = useTranslation("reviews");
  const { signedIn } = useSession();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const send = useMutation({
    mutationFn: () =>
      api("/reviews/{id}/reports", {
        method: "POST",
        params: { id: String(review.id) },
        body: reason.trim() ? { reason: reason.trim() } : {},
      }),
    onSuccess: () => setOpen(false),
  });
  if (send.isSuccess) {
    return (
      <p className="alert alert--success" role="status">
        {t("report.done")}
      </p>
    );
  }
  if (!signedIn) {
    return (
      <div className="review-actions">
        <button type="button" className="review-link" onClick={openLoginDialog}>
          {t("report.signIn")}
        </button>
      </div>
    );
  }
  if (!open) {
    return (
      <div className="review-actions">
        <button type="button" className="review-link" onClick={() => setOpen(true)}>
          {t("report.open")}
        </button>
      </div>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate();
  };
  return (
    <form className="review-report" onSubmit={submit} aria-label={t("report.title")}>
      <TextAreaField
        label={t("report.reason")}
        value={reason}
        rows={3}
        maxLength={REVIEW_REPORT_REASON_MAX}
        autoFocus
        onChange={(e) => setReason(e.target.value)}
      />
      <FormAlert message={send.isError ? errorText(t, send.error) : null} />
      <div className="review-actions">
        <button type="submit" className="button button--accent" disabled={send.isPending}>
          {send.isPending ? t("report.sending") : t("report.send")}
        </button>
        <button type="button" className="button" onClick={() => setOpen(false)} disabled={send.isPending}>
          {t("report.cancel")}
        </button>
      </div>
    </form>
  );
}
