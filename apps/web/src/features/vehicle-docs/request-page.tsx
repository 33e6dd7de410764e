import { describeParkHours, VehicleDocAnswerBodySchema, type VehicleDocRequest } from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { WithCode } from "../../components/ui/with-code";
import { FormAlert } from "../../components/ui/form-alert";
import { TextAreaField } from "../../components/ui/form-field";
import { ReceiptLinks } from "../../components/ui/receipt-links";
import { Spinner } from "../../components/ui/spinner";
import { ApiError } from "../../lib/api";
import { formatMoney, placeLine } from "../../lib/format";
import { useSchemaForm } from "../../lib/use-schema-form";
import { fileLabelText } from "../../lib/vehicle-doc-labels";
import { formatZonedDateTime } from "../../lib/zoned-time";
import {
  answerVehicleDocRequest,
  cancelVehicleDocRequest,
  NIGERIA_TIME_ZONE,
  vehicleDocRequestQuery,
} from "./api";
import { RequestFiles } from "./files";
import { formatDay } from "./papers";
import { QuoteLines } from "./renewal-page";

import "../../components/ui/alert.css";
import "../../components/ui/price-lines.css";
import "./vehicle-docs.css";

/**
 * /vehicle-docs-renewal/requests/:code: a renewal request's stages on Nigeria's clock, its fees,
 * the staff's question with a way to answer (in words or with a file), its files with the upload
 * form (where a new request's driver adds their current papers and identification), Cancel (with the server's refusal when it is too
 * late) and its receipts.
 */
export function VehicleDocRequestPage() {
  const { t, i18n } = useTranslation("vehicle-docs");
  const lang = i18n.language;
  const id = useId();
  const code = (useParams().code ?? "").toUpperCase();
  const client = useQueryClient();
  const request = useQuery(vehicleDocRequestQuery(code));
  const [confirming, setConfirming] = useState(false);
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: ["vehicle-docs"] });
    await client.invalidateQueries({ queryKey: ["wallet"] });
    await client.invalidateQueries({ queryKey: ["receipts"] });
  };
  const cancel = useMutation({
    mutationFn: () => cancelVehicleDocRequest(code),
    onSuccess: async () => {
      setConfirming(false);
      await refresh();
    },
    // The refusal (too late: the request reached the office) is the server's sentence, in the dialog.
    onError: async () => {
      await client.invalidateQueries({ queryKey: ["vehicle-docs", "request", code] });
    },
  });

  if (request.isPending) return <Spinner />;
  if (request.isError || !request.data) {
    const notFound = request.error instanceof ApiError && request.error.status === 404;
    return (
      <div className="container page vd-page">
        <h1>
          <WithCode text={t("request.title", { code })} code={code} />
        </h1>
        <p role="alert" className="alert alert--error">
          {notFound ? t("request.notFound") : t("loadError")}
        </p>
        <Link to="/vehicle-docs-renewal/requests">{t("request.back")}</Link>
      </div>
    );
  }
  const r = request.data;
  const money = (n: number) => formatMoney(n, r.currency, lang);
  return (
    <div className="container page vd-page">
      <p>
        <Link to="/vehicle-docs-renewal/requests">{t("request.back")}</Link>
      </p>
      <h1>
        <WithCode text={t("request.title", { code: r.code })} code={r.code} />
      </h1>
      <p>
        <span className={`vd-chip vd-chip--${r.stage}`} data-testid="vd-stage">
          {t(`stage.${r.stage}`)}
        </span>
      </p>
      <section className="card vd-next" aria-labelledby={`${id}-next`}>
        <h2 id={`${id}-next`}>{t("request.next.title")}</h2>
        <p data-testid="vd-next">{nextStep(t, r)}</p>
      </section>
      <div className="vd-layout">
        <div className="vd-page">
          {r.stage === "info_needed" && r.question && (
            <AnswerForm code={r.code} question={r.question} onAnswered={refresh} />
          )}
          {r.answer && r.stage !== "info_needed" && (
            <p className="field__hint">{t("request.yourAnswer", { answer: fileLabelText(t, r.answer) })}</p>
          )}
          <section className="card" aria-labelledby={`${id}-timeline`}>
            <h2 id={`${id}-timeline`}>{t("request.timeline")}</h2>
            <ol className="vd-timeline" data-testid="vd-timeline">
              {r.timeline.map((step, i) => (
                <li key={`${step.stage}-${i}`}>
                  <strong>{t(`stage.${step.stage}`)}</strong> · {t(`request.by.${step.by}`)}
                  <time dateTime={step.at}>{formatZonedDateTime(step.at, lang, NIGERIA_TIME_ZONE)}</time>
                  {step.note && <p>{fileLabelText(t, step.note)}</p>}
                </li>
              ))}
            </ol>
          </section>
          <RequestFiles code={r.code} stage={r.stage} question={r.question} onUploaded={refresh} />
          {r.expiries.length > 0 && (
            <section className="card" aria-labelledby={`${id}-expiries`}>
              <h2 id={`${id}-expiries`}>{t("request.expiries")}</h2>
              <ul>
                {r.expiries.map((e) => (
                  <li key={e.document_type}>
                    {t("request.expiry", {
                      document: t(`docs.${e.document_type}`),
                      date: formatDay(e.expires_on, lang),
                    })}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <div className="vd-page">
          <section className="card" aria-labelledby={`${id}-paid`}>
            <h2 id={`${id}-paid`}>{t("request.paid")}</h2>
            <p>
              {r.plate_number ? t("request.plate", { plate: r.plate_number }) : t("request.driversLicence")}
            </p>
            {r.delivery.kind === "delivery" ? (
              <p>{t("request.deliveryTo", { address: r.delivery.address ?? "" })}</p>
            ) : r.pickup_park ? (
              <div className="vd-pickup" data-testid="vd-pickup">
                <p>
                  <strong>{t("request.pickupAt", { park: r.pickup_park.name })}</strong>
                </p>
                <p>{placeLine(r.pickup_park.address, r.pickup_park.city)}</p>
                <p>
                  {t("request.pickupHours", {
                    city: r.pickup_park.city,
                    hours: describeParkHours(r.pickup_park.opening_hours, lang === "fr" ? "fr" : "en"),
                  })}
                </p>
              </div>
            ) : (
              <p>{t("request.pickup")}</p>
            )}
            <QuoteLines quote={r} />
            {r.refunded > 0 && <p>{t("request.refunded", { amount: money(r.refunded) })}</p>}
            {r.can_cancel && (
              <button type="button" className="button" onClick={() => setConfirming(true)}>
                {t("request.cancel")}
              </button>
            )}
          </section>
          <ReceiptLinks reference={r.code} />
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t("request.cancelTitle", { code: r.code })}
        message={t("request.cancelText", { amount: money(r.total - r.refunded) })}
        cancelLabel={t("request.keep")}
        confirmLabel={t("request.cancel")}
        busyLabel={t("request.cancelling")}
        danger
        busy={cancel.isPending}
        error={cancel.error instanceof ApiError ? cancel.error.message : null}
        onConfirm={() => cancel.mutate()}
        onCancel={() => {
          setConfirming(false);
          cancel.reset();
        }}
      />
    </div>
  );
}

/**
 * What happens next at the request's stage: who acts, and what the driver does (answer, collect,
 * nothing); "ready" says where the papers go next, by pickup or delivery.
 */
function nextStep(t: (key: string, o?: Record<string, string>) => string, r: VehicleDocRequest): string {
  const park = r.pickup_park?.name ?? "";
  if (r.stage === "ready") return t(`request.next.ready_${r.delivery.kind}`, { park });
  return t(`request.next.${r.stage}`, { park });
}

/** The staff's question and the driver's text answer. */
function AnswerForm({
  code,
  question,
  onAnswered,
}: {
  code: string;
  question: string;
  onAnswered: () => Promise<void>;
}) {
  const { t } = useTranslation("vehicle-docs");
  const id = useId();
  const form = useSchemaForm<{ answer: string }, typeof VehicleDocAnswerBodySchema>({
    schema: VehicleDocAnswerBodySchema,
    defaultValues: { answer: "" },
  });
  const send = useMutation({
    mutationFn: (answer: string) => answerVehicleDocRequest(code, answer),
    onSuccess: async () => {
      form.reset({ answer: "" });
      await onAnswered();
    },
    onError: (err) => form.showServerErrors(err),
  });
  return (
    <section className="card" aria-labelledby={`${id}-q`}>
      <h2 id={`${id}-q`}>{t("request.question")}</h2>
      <blockquote data-testid="vd-question">{question}</blockquote>
      <form noValidate onSubmit={form.handleSubmit((b) => send.mutate(b.answer))}>
        <TextAreaField
          label={t("request.answer")}
          rows={4}
          error={form.formState.errors.answer?.message}
          {...form.register("answer")}
        />
        <FormAlert message={form.serverAlert(send.error)} />
        <button type="submit" className="button button--accent" disabled={send.isPending}>
          {send.isPending ? t("request.sending") : t("request.send")}
        </button>
      </form>
    </section>
  );
}
