import { useTranslation } from "react-i18next";
import { formatAverage } from "../../../components/reviews/format";
import { Stars } from "../../../components/reviews/stars";

/**
 * A park's rating in one line: "★★★★½ 4.5 (12 reviews)", or "No reviews yet"; on the park's page
 * it links to the reviews below.
 */
export function RatingLine({
  rating,
  href,
}: {
  rating: { average: number | null; count: number };
  href?: string;
}) {
  const { t, i18n } = useTranslation("parks");
  if (rating.average === null || rating.count === 0) {
    return <p className="park-rating park-rating--none">{t("rating.none")}</p>;
  }
  const text = t("rating.line", {
    average: formatAverage(rating.average, i18n.language),
    count: rating.count,
  });
  return (
    <p className="park-rating" data-testid="park-rating">
      <Stars value={rating.average} size="sm" /> {href ? <a href={href}>{text}</a> : <span>{text}</span>}
    </p>
  );
}
