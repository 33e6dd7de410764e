import type { VehicleDocStage, VehicleDocType } from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { TextAreaField, TextField } from "../../../components/ui/form-field";
import { FormAlert } from "../../../components/ui/form-alert";
import { errorText } from "../../../lib/form-errors";
import { formatMoney } from "../../../lib/format";
import { formatZonedDateTime } from "../../../lib/zoned-time";
import { useCan } from "../me";
import { FormDialog } from "../people/form-dialog";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { PageHeader } from "../ui/page-header";
import { LoadingState } from "../ui/states";
import {
  askVehicleDocQuestion,
  moveVehicleDoc,
  recordVehicleDocExpiries,
  refundVehicleDoc,
  vehicleDocQuery,
  type AdminVehicleDoc,
} from "./api";
import { WithCode } from "../../../components/ui/with-code";
import { fileLabelText } from "../../../lib/vehicle-doc-labels";
import { RequestFiles } from "./files";
import { InsuranceSection, VehicleSection } from "./request-sections";
import { VehicleDocStageBadge } from "./stage";
import { NIGERIA_ZONE, useNigerianStates } from "./states";

/** The stages at which the papers are issued: the API then takes their expiry dates. */
const ISSUED: readonly VehicleDocStage[] = ["ready", "out_for_delivery", "ready_for_pickup", "delivered"];
/** Stages reached through their own form or confirmation rather than a plain button. */
const OWN_ACTION: readonly VehicleDocStage[] = ["info_needed", "cancelled", "refunded"];
/** Closing moves: they give the money back. */
const CLOSING: readonly VehicleDocStage[] = ["cancelled", "refunded"];

type Expiries = { document_type: VehicleDocType; expires_on: string }[];

/** /admin/vehicle-docs/{code}: a renewal request and what staff may do with it next. */
export function VehicleDocRequestPage() {
  const { t } = useTranslation(["admin-vehicle-docs", "auth"]);
  const { code = "" } = useParams();
  const request = useQuery(vehicleDocQuery(code));
  if (request.isPending) return <LoadingState text={t("request.loading")} />;
  if (request.isError || !request.data) {
    return (
      <>
        <PageHeader title={code} />
        <FormAlert message={errorText(t, request.error)} />
        <Link to="..">{t("request.back")}</Link>
      </>
    );
  }
  return <RequestView request={request.data} />;
}

function RequestView({ request }: { request: AdminVehicleDoc }) {
  const { t, i18n } = useTranslation(["admin-vehicle-docs", "auth"]);
  const lang = i18n.language;
  const can = useCan();
  const client = useQueryClient();
  const states = useNigerianStates();
  // Every move e-mails the driver or ends the request: each asks first, in a dialog.
  const [confirming, setConfirming] = useState<VehicleDocStage | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const mayUpdate = can("vehicle_docs.update");
  const money = (amount: number) => formatMoney(amount, request.currency, lang);
  const when = (at: string) => formatZonedDateTime(at, lang, NIGERIA_ZONE);
  const stateName = states.data?.find((s) => s.code === request.state_code)?.name ?? request.state_code;

  const stored = async (next: AdminVehicleDoc) => {
    client.setQueryData(vehicleDocQuery(next.code).queryKey, next);
    await client.invalidateQueries({ queryKey: ["admin", "vehicle-docs"] });
  };
  const moved = async (next: AdminVehicleDoc) => {
    setConfirming(null);
    setNotice(t("request.moved", { stage: t(`stages.${next.stage}`) }));
    await stored(next);
  };
  const move = useMutation({
    mutationFn: ({ to, expiries }: { to: VehicleDocStage; expiries?: Expiries }) =>
      to === "refunded" ? refundVehicleDoc(request.code) : moveVehicleDoc(request.code, to, expiries),
    onMutate: () => setNotice(null),
    onSuccess: moved,
  });
  const moveError = move.isError ? errorText(t, move.error) : null;
  const buttons = request.next_stages.filter((s) => !OWN_ACTION.includes(s));
  const closing = request.next_stages.filter((s) => CLOSING.includes(s));
  const open = request.total - request.refunded;

  return (
    <>
      <PageHeader
        title={<WithCode text={t("request.title", { code: request.code })} code={request.code} />}
        description={
          <>
            <VehicleDocStageBadge stage={request.stage} /> · {request.customer.name} ·{" "}
            {when(request.created_at)}
          </>
        }
        actions={
          <Link className="button" to="..">
            {t("request.back")}
          </Link>
        }
      />

      {mayUpdate && (buttons.length > 0 || closing.length > 0) && (
        <section className="admin-park-section mp-moves" aria-labelledby="vd-moves">
          <h2 id="vd-moves">{t("request.moves")}</h2>
          <div className="mp-moves__buttons">
            {buttons.map((to) => (
              <button
                key={to}
                type="button"
                className="button button--accent"
                disabled={move.isPending}
                onClick={() => setConfirming(to)}
              >
                {t(`moveTo.${to}`)}
              </button>
            ))}
            {closing.map((to) => (
              <button
                key={to}
                type="button"
                className="button button--danger"
                disabled={move.isPending}
                onClick={() => setConfirming(to)}
              >
                {t(`moveTo.${to}`)}
              </button>
            ))}
          </div>
          {moveError && !confirming && <FormAlert message={moveError} />}
        </section>
      )}
      {notice && (
        <p role="status" className="admin-park-saved">
          {notice}
        </p>
      )}

      <ConfirmDialog
        open={confirming !== null && confirming !== "delivered"}
        title={
          <WithCode
            text={
              confirming && CLOSING.includes(confirming)
                ? t("request.refund.title", { code: request.code })
                : t("request.confirmMove.title", { code: request.code })
            }
            code={request.code}
          />
        }
        message={
          confirming && CLOSING.includes(confirming)
            ? t("request.refund.message", { amount: money(open), name: request.customer.name })
            : confirming && confirming !== "delivered"
              ? t(`request.confirmMove.${confirming}`, {
                  name: request.customer.name,
                  park: request.pickup_park?.name ?? "",
                })
              : ""
        }
        confirmLabel={confirming ? t(`moveTo.${confirming}`) : undefined}
        danger={confirming !== null && CLOSING.includes(confirming)}
        busy={move.isPending}
        error={confirming ? moveError : null}
        onConfirm={() => confirming && move.mutate({ to: confirming })}
        onCancel={() => {
          setConfirming(null);
          move.reset();
        }}
      />
      <DeliveredDialog
        request={request}
        open={confirming === "delivered"}
        busy={move.isPending}
        error={confirming === "delivered" ? moveError : null}
        onSubmit={(expiries) => move.mutate({ to: "delivered", expiries })}
        onClose={() => {
          setConfirming(null);
          move.reset();
        }}
      />

      {mayUpdate && request.next_stages.includes("info_needed") && (
        <QuestionForm
          code={request.code}
          onSent={async (next) => {
            // The form goes once the request waits for the answer: the page says the question left.
            setNotice(t("request.ask.sent"));
            await stored(next);
          }}
        />
      )}
      <RequestFiles code={request.code} stage={request.stage} mayUpload={mayUpdate} />
      {mayUpdate && ISSUED.includes(request.stage) && <ExpiriesForm request={request} onSaved={stored} />}

      <div className="mp-detail-grid">
        <div>
          <section className="admin-park-section" aria-labelledby="vd-lines">
            <h2 id="vd-lines">{t("request.documents")}</h2>
            <div className="admin-table__scroll" role="region" aria-labelledby="vd-lines" tabIndex={0}>
              <table className="mp-lines">
                <thead>
                  <tr>
                    <th scope="col">{t("request.document")}</th>
                    <th scope="col" className="admin-table__num">
                      {t("request.fee")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {request.lines.map((l) => (
                    <tr key={l.document_type}>
                      <td>{t(`documents.${l.document_type}`)}</td>
                      <td className="admin-table__num">{money(l.fee)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <dl className="mp-amounts">
              {(
                [
                  ["fees", request.fees_total],
                  ["premiums", request.premiums_total],
                  ["service", request.service_charge],
                  ["delivery", request.delivery_charge],
                  ["tax", request.tax],
                ] as const
              )
                // Government fees, insurance premiums and Parkwell's charges: three kinds, each named.
                .filter(([key, amount]) => key !== "premiums" || amount !== 0)
                .map(([key, amount]) => (
                  <div key={key}>
                    <dt>{t(`request.amounts.${key}`)}</dt>
                    <dd>{money(amount)}</dd>
                  </div>
                ))}
              <div className="mp-amounts__total">
                <dt>{t("request.amounts.total")}</dt>
                <dd>{money(request.total)}</dd>
              </div>
              {request.refunded > 0 && (
                <div>
                  <dt>{t("request.amounts.refunded")}</dt>
                  <dd>−{money(request.refunded)}</dd>
                </div>
              )}
            </dl>
          </section>
          {(request.question || request.answer) && (
            <section className="admin-park-section" aria-labelledby="vd-exchange">
              <h2 id="vd-exchange">{t("request.questionAsked")}</h2>
              {request.question && <p>{request.question}</p>}
              {request.answer && (
                <>
                  <h3>{t("request.answerGiven")}</h3>
                  <p>{fileLabelText(t, request.answer)}</p>
                </>
              )}
            </section>
          )}
        </div>

        <div>
          <section className="admin-park-section" aria-labelledby="vd-driver">
            <h2 id="vd-driver">{t("request.driver")}</h2>
            <p>
              <strong>{request.customer.name}</strong>
              <br />
              <a href={`mailto:${request.customer.email}`}>{request.customer.email}</a>
            </p>
          </section>
          <VehicleSection request={request} stateName={stateName} />
          {request.insurance && (
            <InsuranceSection insurance={request.insurance} currency={request.currency} />
          )}
          <section className="admin-park-section" aria-labelledby="vd-delivery">
            <h2 id="vd-delivery">{t("request.delivery")}</h2>
            <p>
              {request.delivery.kind === "delivery"
                ? t("request.deliverTo", { address: request.delivery.address ?? "" })
                : request.pickup_park
                  ? t("request.pickupAt", { park: request.pickup_park.name })
                  : t("request.pickup")}
            </p>
          </section>
          <section className="admin-park-section" aria-labelledby="vd-timeline">
            <h2 id="vd-timeline">{t("request.timeline")}</h2>
            <ol className="mp-timeline">
              {request.timeline.map((e, i) => (
                <li key={`${e.stage}-${i}`}>
                  <VehicleDocStageBadge stage={e.stage} /> <time dateTime={e.at}>{when(e.at)}</time>
                  <span className="admin-park-muted"> · {t(`request.by.${e.by}`)}</span>
                  {e.note && <p className="admin-park-muted">{fileLabelText(t, e.note)}</p>}
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </>
  );
}

/** "Ask for more information": the question the driver answers (the request waits for it). */
function QuestionForm({ code, onSent }: { code: string; onSent: (r: AdminVehicleDoc) => Promise<void> }) {
  const { t } = useTranslation(["admin-vehicle-docs", "auth"]);
  const [question, setQuestion] = useState("");
  const ask = useMutation({
    mutationFn: () => askVehicleDocQuestion(code, question.trim()),
    onSuccess: async (next) => {
      setQuestion("");
      await onSent(next);
    },
  });
  return (
    <section className="admin-park-section vd-question" aria-labelledby="vd-ask">
      <h2 id="vd-ask">{t("request.ask.title")}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (question.trim()) ask.mutate();
        }}
      >
        <TextAreaField
          label={t("request.ask.label")}
          hint={t("request.ask.hint")}
          value={question}
          maxLength={2000}
          required
          onChange={(e) => setQuestion(e.target.value)}
        />
        <button type="submit" className="button button--accent" disabled={ask.isPending || !question.trim()}>
          {ask.isPending ? t("saving") : t("request.ask.send")}
        </button>
      </form>
      <FormAlert message={ask.isError ? errorText(t, ask.error) : null} />
    </section>
  );
}

/** The issued papers' expiry dates, one date per document of the request. */
function ExpiriesForm({
  request,
  onSaved,
}: {
  request: AdminVehicleDoc;
  onSaved: (r: AdminVehicleDoc) => Promise<void>;
}) {
  const { t } = useTranslation(["admin-vehicle-docs", "auth"]);
  const [dates, setDates] = useState(() => recordedExpiries(request));
  const [empty, setEmpty] = useState(false);
  const chosen = Object.entries(dates)
    .filter(([, d]) => Boolean(d))
    .map(([document_type, expires_on]) => ({
      document_type: document_type as VehicleDocType,
      expires_on: expires_on!,
    }));
  const save = useMutation({
    mutationFn: () => recordVehicleDocExpiries(request.code, chosen),
    onSuccess: onSaved,
  });
  return (
    <section className="admin-park-section" aria-labelledby="vd-expiries">
      <h2 id="vd-expiries">{t("request.expiries.title")}</h2>
      <form
        className="vd-expiries"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (chosen.length === 0) setEmpty(true);
          else save.mutate();
        }}
      >
        <ExpiryDateFields
          request={request}
          dates={dates}
          onChange={(document, date) => {
            setEmpty(false);
            setDates((d) => ({ ...d, [document]: date }));
          }}
        />
        <div>
          <button type="submit" className="button button--accent" disabled={save.isPending}>
            {save.isPending ? t("saving") : t("request.expiries.save")}
          </button>
        </div>
      </form>
      <FormAlert
        message={empty ? t("request.expiries.empty") : save.isError ? errorText(t, save.error) : null}
      />
      {save.isSuccess && !save.isPending && (
        <p role="status" className="admin-park-saved">
          {t("request.expiries.saved")}
        </p>
      )}
    </section>
  );
}

type ExpiryDates = Partial<Record<VehicleDocType, string>>;

/** Each document of the request with the expiry date recorded for it already ("" when none). */
function recordedExpiries(request: AdminVehicleDoc): ExpiryDates {
  const known = new Map(request.expiries.map((e) => [e.document_type, e.expires_on]));
  return Object.fromEntries(request.lines.map((l) => [l.document_type, known.get(l.document_type) ?? ""]));
}

/** One date field per document of the request (the expiries form's and the Delivered dialog's). */
function ExpiryDateFields({
  request,
  dates,
  required = false,
  errorOf,
  onChange,
}: {
  request: AdminVehicleDoc;
  dates: ExpiryDates;
  required?: boolean;
  errorOf?: (document: VehicleDocType) => string | undefined;
  onChange: (document: VehicleDocType, date: string) => void;
}) {
  const { t } = useTranslation("admin-vehicle-docs");
  return request.lines.map((l) => (
    <TextField
      key={l.document_type}
      type="date"
      required={required}
      label={t("request.expiries.label", { document: t(`documents.${l.document_type}`) })}
      value={dates[l.document_type] ?? ""}
      error={errorOf?.(l.document_type)}
      onChange={(e) => onChange(l.document_type, e.target.value)}
    />
  ));
}

/**
 * "Mark delivered" asks for each issued document's new expiry date (they drive the renewal
 * reminders): one date field per document of the request, the dates recorded already filled in;
 * its form is made afresh at each opening, so a cancelled one leaves nothing behind.
 */
function DeliveredDialog({
  request,
  open,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  request: AdminVehicleDoc;
  open: boolean;
  busy: boolean;
  error: string | null;
  onSubmit: (expiries: Expiries) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("admin-vehicle-docs");
  return (
    <FormDialog
      open={open}
      title={<WithCode text={t("request.delivered.title", { code: request.code })} code={request.code} />}
      busy={busy}
      onClose={onClose}
    >
      <DeliveredForm request={request} busy={busy} error={error} onSubmit={onSubmit} onClose={onClose} />
    </FormDialog>
  );
}

function DeliveredForm({
  request,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  request: AdminVehicleDoc;
  busy: boolean;
  error: string | null;
  onSubmit: (expiries: Expiries) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(["admin-vehicle-docs", "admin"]);
  const [dates, setDates] = useState(() => recordedExpiries(request));
  const [missing, setMissing] = useState(false);
  return (
    <form
      className="vd-expiries"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const expiries = request.lines.map((l) => ({
          document_type: l.document_type,
          expires_on: dates[l.document_type] ?? "",
        }));
        if (expiries.some((x) => !x.expires_on)) setMissing(true);
        else onSubmit(expiries);
      }}
    >
      <p>{t("request.delivered.lead", { name: request.customer.name })}</p>
      <ExpiryDateFields
        request={request}
        dates={dates}
        required
        errorOf={(document) => (missing && !dates[document] ? t("request.delivered.missing") : undefined)}
        onChange={(document, date) => {
          setMissing(false);
          setDates((d) => ({ ...d, [document]: date }));
        }}
      />
      <FormAlert message={error} />
      <div className="admin-dialog__actions">
        <button type="button" className="button" disabled={busy} onClick={onClose}>
          {t("admin:confirm.cancel")}
        </button>
        <button type="submit" className="button button--accent" disabled={busy}>
          {busy ? t("admin:confirm.busy") : t("moveTo.delivered")}
        </button>
      </div>
    </form>
  );
}
