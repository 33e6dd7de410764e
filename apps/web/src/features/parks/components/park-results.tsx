import { PARK_TOTAL_CAP, type ParkPage } from "@parkwell/contract";
import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../components/ui/spinner";
import { GENERIC_ERROR } from "../../../lib/api";
import { ParkCard } from "./park-card";
import { Pagination } from "../../../components/ui/pagination";

interface Props {
  result: UseQueryResult<ParkPage>;
  onPage: (page: number) => void;
  highlightedId?: number | undefined;
}

/** A page of parks with its loading, error and empty states, and paging. */
export function ParkResults({ result, onPage, highlightedId }: Props) {
  const { t } = useTranslation("parks");
  if (result.isPending) return <Spinner />;
  if (result.isError) {
    return (
      <p className="park-error" role="alert">
        {result.error.message || GENERIC_ERROR}
      </p>
    );
  }
  const data = result.data;
  // More than one page: say which part of the total is on screen (and on the map beside it).
  const from = (data.page - 1) * data.size + 1;
  const range = { from, to: from + data.items.length - 1 };
  const capped = data.total >= PARK_TOTAL_CAP;
  const count =
    data.pages > 1 && data.items.length > 0
      ? capped
        ? t("rangeMany", { ...range, count: PARK_TOTAL_CAP })
        : t("range", { ...range, count: data.total })
      : capped
        ? t("countMany", { count: PARK_TOTAL_CAP })
        : t("count", { count: data.total });
  return (
    <section className="park-results" aria-busy={result.isFetching}>
      <p className="park-results__count" aria-live="polite" data-testid="park-count">
        {count}
      </p>
      {data.items.length === 0 ? (
        <p className="park-empty">{t("empty")}</p>
      ) : (
        <ul className="park-list">
          {data.items.map((park) => (
            <li key={park.id}>
              <ParkCard park={park} highlighted={park.id === highlightedId} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={data.page} pages={data.pages} onPage={onPage} />
    </section>
  );
}
