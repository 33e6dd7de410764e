import type { PublicReview } from "@parkwell/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatReviewDay, formatStayMonth } from "./format";
import { Stars } from "./stars";
import "./reviews.css";

const PARTS = ["ease", "safety", "value"] as const;

/**
 * One review as the park's page, the driver's booking and the back office show it: the stars, the
 * first name, the stay's month, the "Verified stay" mark, the parts rated, the text as plain text
 * (React writes it as text: a link or a tag in it is shown as typed, never made live; its line
 * breaks are kept by CSS), and the operator's reply. `children` adds the page's own actions.
 */
export function ReviewItem({
  review,
  timeZone,
  children,
  as: Tag = "article",
}: {
  review: PublicReview;
  /** The park's clock, for the reply's day; without it only the stay's month is dated. */
  timeZone?: string | undefined;
  children?: ReactNode;
  as?: "article" | "li" | "div";
}) {
  const { t, i18n } = useTranslation("reviews");
  const lang = i18n.language;
  const parts = PARTS.filter((p) => review[p] !== null);
  return (
    <Tag className="review" data-review-id={review.id}>
      <div className="review__head">
        <Stars value={review.stars} />
        <span className="review__who">
          <strong>{review.first_name}</strong>
          {" · "}
          {t("stayed", { month: formatStayMonth(review.stay_month, lang) })}
        </span>
        {review.verified_stay && <span className="review__verified">✓ {t("verified")}</span>}
      </div>
      {parts.length > 0 && (
        <ul className="review__parts" aria-label={t("partsLabel")}>
          {parts.map((p) => (
            <li key={p}>
              {t(`part.${p}`)} <Stars value={review[p] ?? 0} size="sm" />
            </li>
          ))}
        </ul>
      )}
      {review.text && (
        <p className="review__text" lang={review.language}>
          {review.text}
        </p>
      )}
      {review.edited_at && <p className="review-muted">{t("edited")}</p>}
      {review.reply && (
        <div className="review__reply">
          <p className="review__reply-head">
            <strong>{t("replyTitle")}</strong>
            {timeZone && (
              <span className="review-muted"> · {formatReviewDay(review.reply.at, lang, timeZone)}</span>
            )}
          </p>
          <p className="review__text">{review.reply.text}</p>
        </div>
      )}
      {children}
    </Tag>
  );
}
