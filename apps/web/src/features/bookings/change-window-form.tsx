import { ChangeWindowBodySchema, type Booking, type WindowChangeQuote } from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../components/ui/form-alert";
import { ClosedForm, useOpenedForm } from "../../components/ui/opened-form";
import { ZonedDateTimeControl } from "../../components/ui/zoned-date-time-control";
import { errorText } from "../../lib/form-errors";
import { formatMoney } from "../../lib/format";
import { useSchemaForm } from "../../lib/use-schema-form";
import { formatZonedDateTime, zoneAbbreviation } from "../../lib/zoned-time";
import { changeBookingWindow, quoteRefused, windowChangeQuery } from "./api";
import { markBookingUpdated } from "./flags";

type WindowValues = { start_time: string; end_time: string };

/**
 * Moves an upcoming booking's start and end (on the park's clock, as the extend form): the server
 * quotes the new window as the change prices it (what is charged, or given back by the
 * cancellation policy), and the change is made only once the driver confirms that amount.
 */
export function ChangeWindowForm({ booking }: { booking: Booking }) {
  const { t, i18n } = useTranslation(["bookings", "auth"]);
  const id = useId();
  const zone = booking.park.time_zone;
  const client = useQueryClient();
  const panel = useOpenedForm();
  const [confirming, setConfirming] = useState(false);
  // Not confirmed (Not now, or refused), the question goes: the focus goes back to the form's button.
  const save = useRef<HTMLButtonElement>(null);
  const backToSave = () => {
    setConfirming(false);
    requestAnimationFrame(() => save.current?.focus());
  };
  const form = useSchemaForm<WindowValues, typeof ChangeWindowBodySchema>({
    schema: ChangeWindowBodySchema,
    defaultValues: { start_time: booking.start_time, end_time: booking.end_time },
  });
  const [start, end] = useWatch({ control: form.control, name: ["start_time", "end_time"] });
  const ordered = Boolean(start && end && end > start);
  const moved = start !== booking.start_time || end !== booking.end_time;
  const quote = useQuery({
    ...windowChangeQuery(booking, start || "", end || "", i18n.language),
    enabled: panel.open && ordered && moved,
  });
  const priced = ordered && moved ? quote.data : undefined;
  const money = (n: number) => formatMoney(n, booking.currency, i18n.language);
  const when = (iso: string) => formatZonedDateTime(iso, i18n.language, zone);

  const change = useMutation({
    mutationFn: (q: WindowChangeQuote) =>
      changeBookingWindow(booking.id, { start_time: start!, end_time: end!, quote_token: q.quote_token }),
    onSuccess: async () => {
      panel.close();
      setConfirming(false);
      markBookingUpdated();
      await client.invalidateQueries({ queryKey: ["bookings"] });
      await client.invalidateQueries({ queryKey: ["wallet"] });
    },
    onError: async (err) => {
      // A field refused takes the focus itself; anything else is said beside the form's button.
      if (!form.showServerErrors(err)) backToSave();
      else setConfirming(false);
      if (quoteRefused(err)) await client.invalidateQueries({ queryKey: ["booking-window", booking.id] });
    },
  });
  const submit = form.handleSubmit(() => {
    if (!priced || change.isPending) return;
    if (confirming) change.mutate(priced);
    else setConfirming(true);
  });
  const close = () => {
    panel.close();
    setConfirming(false);
    change.reset();
    form.reset();
  };

  if (!panel.open) {
    return (
      <ClosedForm
        className="booking-window"
        title={t("details.window.title")}
        opener={panel.opener}
        openLabel={t("details.window.change")}
        onOpen={panel.show}
      />
    );
  }
  return (
    <form
      id="change-time"
      className="booking-window"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={t("details.window.change")}
    >
      <h3>{t("details.window.title")}</h3>
      <div className="booking-window__fields">
        <ZonedDateTimeControl
          control={form.control}
          name="start_time"
          label={t("details.window.newStart")}
          zone={zone}
          min={new Date().toISOString()}
          describedBy={`${id}-zone`}
          onValue={() => setConfirming(false)}
        />
        <ZonedDateTimeControl
          control={form.control}
          name="end_time"
          label={t("details.window.newEnd")}
          zone={zone}
          min={start || undefined}
          describedBy={`${id}-zone`}
          error={start && end && !ordered ? t("details.window.endAfterStart") : undefined}
          onValue={() => setConfirming(false)}
        />
      </div>
      <p id={`${id}-zone`} className="field__hint">
        {t("details.zone", {
          zone: zoneAbbreviation(zone, i18n.language, start ? new Date(start) : new Date()),
          city: booking.park.city,
        })}{" "}
        {t("details.window.hint")}
      </p>
      {priced && <WindowPrice quote={priced} money={money} />}
      <FormAlert
        message={
          change.error
            ? form.serverAlert(change.error)
            : ordered && moved && quote.error
              ? errorText(t, quote.error)
              : null
        }
      />
      {confirming && priced ? (
        <div role="group" aria-label={t("details.window.confirmTitle")} className="booking-window__confirm">
          <p>
            <ConfirmText
              quote={priced}
              company={booking.paid_by_company}
              values={{ start: when(start!), end: when(end!) }}
              money={money}
            />
          </p>
          <button type="submit" className="button button--accent" disabled={change.isPending}>
            {t("details.window.confirmYes")}
          </button>
          <button type="button" className="button" onClick={backToSave}>
            {t("details.window.confirmNo")}
          </button>
        </div>
      ) : (
        <>
          <button
            ref={save}
            type="submit"
            className="button button--accent"
            disabled={!priced || change.isPending}
          >
            {t("details.window.save")}
          </button>
          <button type="button" className="button" onClick={close}>
            {t("details.window.keep")}
          </button>
        </>
      )}
    </form>
  );
}

/** What the new window costs against what was paid: charged, given back, or nothing. */
function WindowPrice({ quote, money }: { quote: WindowChangeQuote; money: (n: number) => string }) {
  const { t } = useTranslation("bookings");
  const text =
    quote.amount_due > 0
      ? t("details.window.due", { amount: money(quote.amount_due) })
      : quote.refund_amount > 0
        ? t("details.window.refund", { amount: money(quote.refund_amount), percent: quote.refund_percent })
        : t("details.window.even");
  return (
    <p data-testid="window-price" aria-live="polite">
      {text}
    </p>
  );
}

/** The confirmation's question: the new window, and what moves to or from the booking's payer. */
function ConfirmText({
  quote,
  company,
  values,
  money,
}: {
  quote: WindowChangeQuote;
  company: string | null;
  values: { start: string; end: string };
  money: (n: number) => string;
}) {
  const { t } = useTranslation("bookings");
  if (quote.amount_due > 0) {
    const amount = money(quote.amount_due);
    return company
      ? t("details.window.confirmDueCompany", { ...values, amount, company })
      : t("details.window.confirmDue", { ...values, amount });
  }
  if (quote.refund_amount > 0) {
    const amount = money(quote.refund_amount);
    return company
      ? t("details.window.confirmRefundCompany", { ...values, amount, company })
      : t("details.window.confirmRefund", { ...values, amount });
  }
  return t("details.window.confirmEven", values);
}
