import { REVIEW_HIDE_REASON_MAX, REVIEW_REPLY_MAX, type AdminReview } from "@parkwell/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../../components/ui/form-alert";
import { SelectField, TextAreaField } from "../../../components/ui/form-field";
import { formatReviewDay } from "../../../components/reviews/format";
import { ReviewItem } from "../../../components/reviews/review-item";
import { errorText } from "../../../lib/form-errors";
import { adminApi, parkChoicesQuery } from "../api";
import { useCan } from "../me";
import { TablePagination } from "../ui/data-table";
import { FilterBar } from "../ui/filter-bar";
import { PageHeader } from "../ui/page-header";
import { ParkPicker } from "../ui/park-picker";
import { EmptyState, LoadingState } from "../ui/states";
import { usePageParams } from "../ui/use-page-params";
import { useUrlFilters } from "../ui/use-url-filters";

const FILTERS = ["status", "park_id"] as const;
const STATUSES = ["all", "visible", "hidden", "reported", "unanswered"] as const;
type Status = (typeof STATUSES)[number];

const reviewsQuery = (filters: Record<(typeof FILTERS)[number], string>, page: number, size: number) => ({
  queryKey: ["admin", "reviews", filters, page, size],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    adminApi("/reviews", {
      query: {
        status: (STATUSES as readonly string[]).includes(filters.status) ? (filters.status as Status) : "all",
        park_id: filters.park_id ? Number(filters.park_id) : undefined,
        page,
        size,
      },
      signal,
    }),
});

/**
 * /admin/reviews: the reviews of the user's parks, by status and park; reply once (reviews.update),
 * hide with a reason (review_moderation.update: Parkwell's staff), and how often each was reported.
 */
export function AdminReviewsPage() {
  const { t } = useTranslation("reviews");
  const filters = useUrlFilters(FILTERS);
  const { applied, draft, set } = filters;
  const { page, size } = usePageParams();
  const list = useQuery({ ...reviewsQuery(applied, page, size), placeholderData: keepPreviousData });
  // The parks' clocks, to date each review on its park's.
  const parks = useQuery(parkChoicesQuery("reviews.view", "any"));
  const zoneOf = (parkId: number) => parks.data?.items.find((p) => p.id === parkId)?.time_zone;
  return (
    <>
      <PageHeader title={t("admin.title")} description={t("admin.description")} />
      <FilterBar onApply={filters.apply} onReset={filters.reset}>
        <SelectField
          label={t("admin.status")}
          value={draft.status || "all"}
          onChange={(e) => set("status", e.target.value === "all" ? "" : e.target.value)}
          options={STATUSES.map((s) => [s, t(`admin.statuses.${s}`)] as const)}
        />
        <ParkPicker
          permission="reviews.view"
          status="any"
          value={draft.park_id}
          onChange={(v) => set("park_id", v)}
        />
      </FilterBar>
      {list.isPending && <LoadingState text={t("common:loading")} />}
      {list.isError && <FormAlert message={errorText(t, list.error)} />}
      {list.data && list.data.items.length === 0 && <EmptyState text={t("admin.empty")} />}
      {list.data && list.data.items.length > 0 && (
        <>
          <ul className="review-list admin-reviews" aria-busy={list.isPlaceholderData}>
            {list.data.items.map((r) => (
              <AdminReviewRow key={r.id} review={r} timeZone={zoneOf(r.park_id)} />
            ))}
          </ul>
          <TablePagination total={list.data.total} />
        </>
      )}
    </>
  );
}

function AdminReviewRow({ review, timeZone }: { review: AdminReview; timeZone: string | undefined }) {
  const { t, i18n } = useTranslation("reviews");
  const can = useCan();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<"reply" | "hide" | null>(null);
  const [text, setText] = useState("");
  const [missing, setMissing] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: (kind: "reply" | "hide") =>
      kind === "reply"
        ? adminApi("/reviews/{id}/reply", {
            method: "POST",
            params: { id: String(review.id) },
            body: { text: text.trim() },
          })
        : adminApi("/reviews/{id}/hide", {
            method: "POST",
            params: { id: String(review.id) },
            body: { reason: text.trim() },
          }),
    onSuccess: async (_r, kind) => {
      setOpen(null);
      setText("");
      setDone(kind === "reply" ? t("admin.replied") : t("admin.hidden"));
      await queryClient.invalidateQueries({ queryKey: ["admin", "reviews"] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!open) return;
    if (!text.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    act.mutate(open);
  };
  const start = (kind: "reply" | "hide") => {
    setOpen(kind);
    setText("");
    setMissing(false);
    setDone(null);
    act.reset();
  };
  const written = timeZone
    ? formatReviewDay(review.created_at, i18n.language, timeZone)
    : review.created_at.slice(0, 10);
  return (
    <ReviewItem review={review} timeZone={timeZone} as="li">
      <p className="review-muted admin-reviews__meta">
        <strong>{review.park_name}</strong> · {t("admin.booking", { code: review.booking_code })} ·{" "}
        {t("admin.written", { date: written })}
        {review.reports > 0 && (
          <>
            {" · "}
            <span className="admin-reviews__reports">{t("admin.reports", { count: review.reports })}</span>
          </>
        )}
      </p>
      {review.hidden && (
        <p className="alert alert--error">{t("admin.hiddenNote", { reason: review.hidden_reason ?? "" })}</p>
      )}
      <FormAlert message={done} tone="success" />
      {open === null && (
        <div className="review-actions">
          {!review.reply && can("reviews.update") && (
            <button type="button" className="button" onClick={() => start("reply")}>
              {t("admin.reply")}
            </button>
          )}
          {!review.hidden && can("review_moderation.update") && (
            <button type="button" className="button button--danger" onClick={() => start("hide")}>
              {t("admin.hide")}
            </button>
          )}
        </div>
      )}
      {open !== null && (
        <form className="review-form" onSubmit={submit} noValidate>
          <TextAreaField
            label={open === "reply" ? t("admin.replyLabel") : t("admin.hideLabel")}
            value={text}
            rows={open === "reply" ? 4 : 2}
            maxLength={open === "reply" ? REVIEW_REPLY_MAX : REVIEW_HIDE_REASON_MAX}
            required
            autoFocus
            error={missing ? t("admin.required") : undefined}
            onChange={(e) => setText(e.target.value)}
          />
          <FormAlert message={act.isError ? errorText(t, act.error) : null} />
          <div className="review-actions">
            <button
              type="submit"
              className={open === "reply" ? "button button--accent" : "button button--danger"}
              disabled={act.isPending}
            >
              {open === "reply"
                ? act.isPending
                  ? t("admin.replySending")
                  : t("admin.replySend")
                : act.isPending
                  ? t("admin.hideSending")
                  : t("admin.hideSend")}
            </button>
            <button type="button" className="button" onClick={() => setOpen(null)} disabled={act.isPending}>
              {t("admin.cancel")}
            </button>
          </div>
        </form>
      )}
    </ReviewItem>
  );
}
