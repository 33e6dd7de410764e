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
import { RequestFiles } from "./files";
import { VehicleDocStageBadge } from "./stage";
import { NIGERIA_ZONE, useNigerianStates } from "./states";

/** The stages at which the papers are issued: the API then takes their expiry dates. */
const ISSUED: readonly VehicleDocStage[] = ["ready", "out_for_delivery", "ready_for_pickup", "delivered"];
/** Stages reached through their own form or confirmation rather than a plain button. */
const OWN_ACTION: readonly VehicleDocStage[] = ["info_needed", "cancelled", "refunded"];

/** The vehicle as staff recognise it at the office: make, model, colour, year (null when none is saved). */
export function vehicleText(v: NonNullable<AdminVehicleDoc["vehicle"]>): string | null {
  const parts = [[v.make, v.model].filter(Boolean).join(" "), v.color, v.year?.toString()].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : null;
}

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
  const [confirming, setConfirming] = useState<"cancelled" | "refunded" | null>(null);
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
    mutationFn: (to: VehicleDocStage) =>
      to === "refunded" ? refundVehicleDoc(request.code) : moveVehicleDoc(request.code, to),
    onMutate: () => setNotice(null),
    onSuccess: moved,
  });
  const moveError = move.isError ? errorText(t, move.error) : null;
  const buttons = request.next_stages.filter((s) => !OWN_ACTION.includes(s));
  const closing = request.next_stages.filter((s): s is "cancelled" | "refunded" =>
    ["cancelled", "refunded"].includes(s),
  );
  const open = request.total - request.refunded;

  return (
    <>
      <PageHeader
        title={t("request.title", { code: request.code })}
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
                onClick={() => move.mutate(to)}
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
        open={confirming !== null}
        title={t("request.refund.title", { code: request.code })}
        message={t("request.refund.message", { amount: money(open), name: request.customer.name })}
        confirmLabel={confirming ? t(`moveTo.${confirming}`) : undefined}
        danger
        busy={move.isPending}
        error={confirming ? moveError : null}
        onConfirm={() => confirming && move.mutate(confirming)}
        onCancel={() => {
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
                  ["service", request.service_charge],
                  ["delivery", request.delivery_charge],
                  ["tax", request.tax],
                ] as const
              ).map(([key, amount]) => (
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
                  <p>{request.answer}</p>
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
          <section className="admin-park-section" aria-labelledby="vd-vehicle">
            <h2 id="vd-vehicle">{t("request.vehicle")}</h2>
            <p>
              {request.plate_number
                ? t("request.plate", { plate: request.plate_number })
                : t("request.noVehicle")}
              <br />
              {request.vehicle && (
                <>
                  {vehicleText(request.vehicle) ?? t("request.vehicleUnknown")}
                  <br />
                </>
              )}
              {t("request.stateOfIssue", { state: stateName })}
            </p>
          </section>
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
                  {e.note && <p className="admin-park-muted">{e.note}</p>}
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
  const known = new Map(request.expiries.map((e) => [e.document_type, e.expires_on]));
  const [dates, setDates] = useState<Partial<Record<VehicleDocType, string>>>(() =>
    Object.fromEntries(request.lines.map((l) => [l.document_type, known.get(l.document_type) ?? ""])),
  );
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
        {request.lines.map((l) => (
          <TextField
            key={l.document_type}
            type="date"
            label={t("request.expiries.label", { document: t(`documents.${l.document_type}`) })}
            value={dates[l.document_type] ?? ""}
            onChange={(e) => {
              setEmpty(false);
              setDates((d) => ({ ...d, [l.document_type]: e.target.value }));
            }}
          />
        ))}
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
