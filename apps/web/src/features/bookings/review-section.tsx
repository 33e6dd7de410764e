import { REVIEW_TEXT_MAX, type BookingDetail, type OwnReview, type ReviewEditBody } from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { FormAlert } from "../../components/ui/form-alert";
import { TextAreaField } from "../../components/ui/form-field";
import { formatReviewDay } from "../../components/reviews/format";
import { ReviewItem } from "../../components/reviews/review-item";
import { StarInput } from "../../components/reviews/stars";
import { api } from "../../lib/api";
import { errorText } from "../../lib/form-errors";

/** The stay is over: checked out, or its window ended (a cancelled booking is never reviewed). */
export function stayIsOver(
  b: Pick<BookingDetail, "status" | "checked_out_at" | "end_time">,
  now: number,
): boolean {
  if (b.status === "cancelled") return false;
  return b.checked_out_at !== null || Date.parse(b.end_time) <= now;
}

const ownReviewQuery = (bookingId: string) => ({
  queryKey: ["reviews", "booking", bookingId],
  // No review yet: the API answers null.
  queryFn: ({ signal }: { signal: AbortSignal }): Promise<OwnReview | null> =>
    api("/bookings/{id}/review", { params: { id: bookingId }, signal }),
  retry: false,
  staleTime: 0,
});

/**
 * A booking's review, once the stay is over: the form (overall stars required, the three parts
 * optional, a text of up to 2,000 characters), then the review posted with Edit (for 7 days) and
 * Delete. `?review=1` (the request e-mail's link) brings the form into view and focuses it.
 */
export function ReviewSection({ booking }: { booking: BookingDetail }) {
  const { t, i18n } = useTranslation("reviews");
  const [params] = useSearchParams();
  const asked = params.get("review") === "1";
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const queryClient = useQueryClient();
  // The moment the page opened: a stay ending while the page is open shows the form on the next visit.
  const [openedAt] = useState(Date.now);
  const over = stayIsOver(booking, openedAt);
  const review = useQuery({ ...ownReviewQuery(booking.id), enabled: over });
  const [editing, setEditing] = useState(false);
  const [flash, setFlash] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const key = ownReviewQuery(booking.id).queryKey;

  const remove = useMutation({
    mutationFn: (id: number) => api("/reviews/{id}", { method: "DELETE", params: { id: String(id) } }),
    onSuccess: () => {
      setConfirming(false);
      setEditing(false);
      setFlash(t("mine.deleted"));
      queryClient.setQueryData(key, null);
    },
  });

  const ready = over && review.isSuccess;
  useEffect(() => {
    if (!asked || !ready) return;
    headingRef.current?.scrollIntoView({ block: "start" });
    headingRef.current?.focus();
  }, [asked, ready]);

  if (!over) return null;
  const mine = review.data;
  const saved = (r: OwnReview, message: string) => {
    queryClient.setQueryData(key, r);
    setEditing(false);
    setFlash(message);
    void queryClient.invalidateQueries({ queryKey: ["parks"] });
  };

  return (
    <section className="card booking-review" aria-labelledby={headingId} data-testid="booking-review">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="review-anchor">
        {mine ? t("mine.title") : t("form.title")}
      </h2>
      {review.isPending && <p>{t("common:loading")}</p>}
      {review.isError && <FormAlert message={errorText(t, review.error)} />}
      <FormAlert message={flash} tone="success" />
      {review.isSuccess && !mine && (
        <ReviewForm
          intro={t("form.intro", { park: booking.park.name })}
          submitLabel={t("form.submit")}
          onSave={async (body) => {
            const r = await api("/reviews", { method: "POST", body: { booking_id: booking.id, ...body } });
            saved(r, t("mine.posted"));
          }}
        />
      )}
      {mine && editing && (
        <ReviewForm
          initial={mine}
          submitLabel={t("form.save")}
          onCancel={() => setEditing(false)}
          onSave={async (body) => {
            const r = await api("/reviews/{id}", { method: "PUT", params: { id: String(mine.id) }, body });
            saved(r, t("mine.saved"));
          }}
        />
      )}
      {mine && !editing && (
        <ReviewItem review={mine} timeZone={booking.park.time_zone} as="div">
          {mine.hidden && (
            <p className="alert alert--error">{t("mine.hidden", { reason: mine.hidden_reason ?? "" })}</p>
          )}
          <p className="review-muted">
            {mine.editable
              ? t("mine.editableUntil", {
                  date: formatReviewDay(mine.editable_until, i18n.language, booking.park.time_zone),
                })
              : t("mine.notEditable")}
          </p>
          <div className="review-actions">
            {mine.editable && (
              <button
                type="button"
                className="button"
                onClick={() => {
                  setFlash(null);
                  setEditing(true);
                }}
              >
                {t("mine.edit")}
              </button>
            )}
            <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
              {t("mine.delete")}
            </button>
            {!mine.hidden && <Link to={`/park/${booking.park.slug}#reviews`}>{t("mine.viewPark")}</Link>}
          </div>
          <ConfirmDialog
            open={confirming}
            title={t("mine.deleteTitle")}
            message={t("mine.deleteText")}
            cancelLabel={t("mine.keep")}
            confirmLabel={t("mine.deleteConfirm")}
            busyLabel={t("mine.deleting")}
            danger
            busy={remove.isPending}
            error={remove.isError ? errorText(t, remove.error) : null}
            onConfirm={() => remove.mutate(mine.id)}
            onCancel={() => setConfirming(false)}
          />
        </ReviewItem>
      )}
    </section>
  );
}

function ReviewForm({
  initial,
  intro,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial?: OwnReview;
  intro?: string;
  submitLabel: string;
  onSave: (body: ReviewEditBody) => Promise<void>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation("reviews");
  const counterId = useId();
  const [stars, setStars] = useState<number | null>(initial?.stars ?? null);
  const [ease, setEase] = useState<number | null>(initial?.ease ?? null);
  const [safety, setSafety] = useState<number | null>(initial?.safety ?? null);
  const [value, setValue] = useState<number | null>(initial?.value ?? null);
  const [text, setText] = useState(initial?.text ?? "");
  const [starsError, setStarsError] = useState<string | undefined>();
  const save = useMutation({ mutationFn: onSave });
  const tooLong = text.length > REVIEW_TEXT_MAX;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (stars === null) {
      setStarsError(t("form.overallRequired"));
      return;
    }
    setStarsError(undefined);
    if (tooLong) return;
    save.mutate({ stars, ease, safety, value, text });
  };

  return (
    <form className="review-form" onSubmit={submit} noValidate>
      {intro && <p>{intro}</p>}
      <StarInput
        legend={t("form.overall")}
        value={stars}
        onChange={(v) => {
          setStars(v);
          setStarsError(undefined);
        }}
        error={starsError}
      />
      <StarInput legend={t("part.ease")} value={ease} onChange={setEase} optional />
      <StarInput legend={t("part.safety")} value={safety} onChange={setSafety} optional />
      <StarInput legend={t("part.value")} value={value} onChange={setValue} optional />
      <TextAreaField
        label={`${t("form.text")} ${t("optional")}`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        describedBy={counterId}
        error={tooLong ? t("form.tooLong", { max: REVIEW_TEXT_MAX }) : undefined}
      />
      <p id={counterId} className="review-muted review-counter" aria-live="polite">
        {t("form.counter", { count: text.length, max: REVIEW_TEXT_MAX })}
      </p>
      <FormAlert message={save.isError ? errorText(t, save.error) : null} />
      <div className="review-actions">
        <button type="submit" className="button button--accent" disabled={save.isPending}>
          {save.isPending ? t("form.saving") : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel} disabled={save.isPending}>
            {t("form.cancel")}
          </button>
        )}
      </div>
    </form>
  );
}
