import {
  CLAIM_DECISIONS,
  CLAIM_REBOOKABLE,
  ClaimDecisionBodySchema,
  type AdminClaim,
  type ClaimDecisionBody,
} from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { FormAlert } from "../../../components/ui/form-alert";
import { SelectField, TextAreaField, TextField } from "../../../components/ui/form-field";
import { apiDownloadLink } from "../../../lib/api";
import { formatDistance, formatMoney, parseNumber, placeLine } from "../../../lib/format";
import { errorText } from "../../../lib/form-errors";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { formatZonedDateTime } from "../../../lib/zoned-time";
import { adminApi } from "../api";
import { useCan } from "../me";
import { PageHeader } from "../ui/page-header";
import { LoadingState } from "../ui/states";
import "../../../components/claims/claims.css";
import "../../../components/ui/choice-cards.css";

const claimQuery = (id: string) => ({
  queryKey: ["admin", "claims", "one", id],
  queryFn: ({ signal }: { signal: AbortSignal }) => adminApi("/claims/{id}", { params: { id }, signal }),
});

/** The queries of the parks a claim's rebooking may take (per claim and language). */
const REBOOK_PARKS = ["admin", "claims", "rebook-parks"] as const;

/** Opens the photo through the staff member's 5-minute link (fetched with their token). */
async function openPhoto(url: string) {
  const { blob } = await apiDownloadLink(url, "image/jpeg,image/png,application/pdf");
  window.open(URL.createObjectURL(blob), "_blank", "noopener");
}

/** /admin/claims/{id}: the claim with its evidence and the gate's records, and its decision. */
export function ClaimDetailPage() {
  const { t, i18n } = useTranslation(["admin-claims", "claims"]);
  const { id = "" } = useParams();
  const claim = useQuery(claimQuery(id));
  const photo = useMutation({ mutationFn: openPhoto });
  const can = useCan();
  // The decision's outcome stays in view once the form has given way to the decision.
  const [done, setDone] = useState<string | null>(null);
  const c = claim.data;
  if (claim.isPending) return <LoadingState text={t("common:loading")} />;
  if (!c) return <FormAlert message={errorText(t, claim.error)} />;
  const at = (iso: string) => formatZonedDateTime(iso, i18n.language, c.time_zone);
  const money = (n: number) => formatMoney(n, c.currency, i18n.language);
  return (
    <>
      <p>
        <Link to="/admin/claims">{t("detail.back")}</Link>
      </p>
      <PageHeader title={t("detail.title", { code: c.code })} />
      <dl className="claim-facts" data-testid="admin-claim">
        <dt>{t("queue.status")}</dt>
        <dd>
          {t(`claims:status.${c.status}`)}
          {c.overdue && <strong className="claim-overdue"> · {t("detail.overdue")}</strong>}
        </dd>
        <dt>{t("queue.reason")}</dt>
        <dd>{t(`claims:reasons.${c.reason}`)}</dd>
        <dt>{t("detail.driver")}</dt>
        <dd>{c.driver_first_name}</dd>
        <dt>{t("queue.parking")}</dt>
        <dd>
          {c.booking?.code ??
            t("claims:page.passTerm", { code: c.pass?.code ?? "", term: c.pass?.term ?? 0 })}{" "}
          · {c.park.name}
        </dd>
        <dt>{t("queue.filed")}</dt>
        <dd>{at(c.filed_at)}</dd>
        <dt>{t("queue.due")}</dt>
        <dd>{at(c.due_at)}</dd>
        <dt>{t("detail.checkedIn")}</dt>
        <dd>{c.checked_in_at ? at(c.checked_in_at) : t("detail.notCheckedIn")}</dd>
        <dt>{t("detail.words")}</dt>
        <dd className="claim-details">{c.details ?? t("detail.none")}</dd>
        <dt>{t("detail.photo")}</dt>
        <dd>
          {c.photo ? (
            <button type="button" className="button" onClick={() => photo.mutate(c.photo!.url)}>
              {t("detail.openPhoto")}
            </button>
          ) : (
            t("detail.none")
          )}
        </dd>
        <dt>{t("detail.location")}</dt>
        <dd>
          {c.location ? (
            <a
              href={`https://www.openstreetmap.org/?mlat=${c.location.latitude}&mlon=${c.location.longitude}#map=18/${c.location.latitude}/${c.location.longitude}`}
              target="_blank"
              rel="noreferrer"
            >
              {t("detail.onMap")}
            </a>
          ) : (
            t("detail.notShared")
          )}
        </dd>
        <dt>{t("queue.paid")}</dt>
        <dd>{money(c.paid)}</dd>
        <dt>{t("detail.refundable")}</dt>
        <dd>{money(c.refundable)}</dd>
        <dt>{t("detail.bears")}</dt>
        <dd>{c.parkwell_bears ? t("detail.parkwellBears") : t("detail.operatorBears")}</dd>
      </dl>
      {photo.isError && <FormAlert message={errorText(t, photo.error)} />}
      <FormAlert message={done} tone="success" />
      {c.decision ? (
        <section className="card" data-testid="admin-claim-decision">
          <h2>{t("detail.decision")}</h2>
          <p>
            {t(`detail.decisions.${c.decision.kind}`)}
            {c.decision.refund !== null && ` · ${money(c.decision.refund)}`}
            {c.decision.rebooked &&
              ` · ${t("detail.rebookedAt", { park: c.decision.rebooked.park.name, code: c.decision.rebooked.booking_code })}`}{" "}
            · {at(c.decision.at)} ·{" "}
            {c.decision.by === "rule"
              ? t("detail.byRule")
              : c.decision.by === "attendant"
                ? t("detail.byAttendant", { name: c.decided_by_name ?? "" })
                : (c.decided_by_name ?? "")}
          </p>
          {c.decision.reason && <q>{c.decision.reason}</q>}
        </section>
      ) : (
        // Gone once decided, before the claim is read again with its decision.
        !done && can("claims.update") && <DecisionForm claim={c} onDone={setDone} />
      )}
    </>
  );
}

interface DecisionValues {
  decision: string;
  amount: string;
  reason: string;
  /** rebook: the park chosen (a radio's value). */
  park_id: string;
}

/** Whether a claim may be rebooked at all (a booking's, of a reason a space mends): the choice is offered only then. */
const canRebook = (c: AdminClaim) => c.booking !== null && CLAIM_REBOOKABLE[c.reason];

function DecisionForm({ claim: c, onDone }: { claim: AdminClaim; onDone: (text: string) => void }) {
  const { t, i18n } = useTranslation("admin-claims");
  const client = useQueryClient();
  const form = useSchemaForm<DecisionValues, typeof ClaimDecisionBodySchema>({
    schema: ClaimDecisionBodySchema,
    defaultValues: { decision: "", amount: "", reason: "", park_id: "" },
    toInput: (v) => ({
      decision: v.decision || undefined,
      amount:
        v.decision === "refund_part" && v.amount.trim() ? parseNumber(v.amount, i18n.language) : undefined,
      park_id: v.decision === "rebook" && v.park_id ? Number(v.park_id) : undefined,
      reason: v.reason.trim() || undefined,
    }),
  });
  // One key per attempt: a retry of the same press replays the rebooking; a failed attempt is over.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const decide = useMutation({
    mutationFn: (body: ClaimDecisionBody) =>
      adminApi("/claims/{id}/decision", {
        method: "POST",
        params: { id: String(c.id) },
        body,
        headers: { "idempotency-key": key },
      }),
    onSuccess: async (after) => {
      onDone(t(`detail.done.${after.status}`));
      // The parks a rebooking could take are over once decided: not read again (it would be a 409).
      await client.invalidateQueries({
        queryKey: ["admin", "claims"],
        predicate: (q) => q.queryKey[2] !== REBOOK_PARKS[2],
      });
    },
    onError: (err) => {
      setKey(crypto.randomUUID());
      void form.showServerErrors(err);
      // A park that filled meanwhile leaves the list: read it again.
      void client.invalidateQueries({ queryKey: REBOOK_PARKS });
    },
  });
  const submit = form.handleSubmit((body) => {
    if (!decide.isPending) decide.mutate(body);
  });
  const kind = form.watch("decision");
  const errors = form.formState.errors;
  return (
    <section className="card">
      <h2>{t("detail.decide")}</h2>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t("detail.decide")}>
        <SelectField
          label={t("detail.decision")}
          required
          error={errors.decision?.message}
          options={[
            ["", t("detail.choose")],
            ...CLAIM_DECISIONS.filter((d) => d !== "rebook" || canRebook(c)).map(
              (d) => [d, t(`detail.decisions.${d}`)] as const,
            ),
          ]}
          {...form.register("decision")}
        />
        {kind === "refund_part" && (
          <TextField
            label={t("detail.amount", { currency: c.currency })}
            hint={t("detail.amountHint", { amount: formatMoney(c.refundable, c.currency, i18n.language) })}
            inputMode="decimal"
            required
            error={errors.amount?.message}
            {...form.register("amount")}
          />
        )}
        {kind === "rebook" && (
          <RebookParks
            claim={c}
            field={form.register("park_id")}
            chosen={form.watch("park_id")}
            choose={(id) => form.setValue("park_id", id)}
            error={errors.park_id?.message}
          />
        )}
        <TextAreaField
          label={kind === "decline" ? t("detail.declineReason") : t("detail.note")}
          hint={t("detail.reasonHint")}
          rows={3}
          required={kind === "decline"}
          error={errors.reason?.message}
          {...form.register("reason")}
        />
        <FormAlert message={form.serverAlert(decide.error)} />
        <button type="submit" className="button button--accent" disabled={decide.isPending}>
          {kind === "rebook" ? t("detail.rebookSubmit") : t("detail.submit")}
        </button>
      </form>
    </section>
  );
}

/**
 * A rebooking's choice: the nearest parks free for what is left of the booking's window (the
 * API's list, as the space guarantee offers them), each with its place, distance, free spaces and
 * price, one chosen by keyboard or tap (the nearest at first); the API's refusal when the claim
 * cannot be rebooked (its window over, its car in), and a word when no park is free.
 */
function RebookParks({
  claim: c,
  field,
  chosen,
  choose,
  error,
}: {
  claim: AdminClaim;
  field: UseFormRegisterReturn<"park_id">;
  chosen: string;
  choose: (parkId: string) => void;
  error?: string | undefined;
}) {
  const { t, i18n } = useTranslation("admin-claims");
  const id = useId();
  const parks = useQuery({
    queryKey: [...REBOOK_PARKS, String(c.id), i18n.language],
    queryFn: ({ signal }) => adminApi("/claims/{id}/rebook-parks", { params: { id: String(c.id) }, signal }),
    retry: false,
    staleTime: 0,
  });
  const first = parks.data?.alternatives[0]?.park_id;
  useEffect(() => {
    if (first !== undefined && !chosen) choose(String(first));
  }, [first, chosen, choose]);
  if (parks.isPending) return <p>{t("common:loading")}</p>;
  if (!parks.data) return <FormAlert message={errorText(t, parks.error)} />;
  const r = parks.data;
  const money = (n: number) => formatMoney(n, r.currency, i18n.language);
  const when = (iso: string) => formatZonedDateTime(iso, i18n.language, r.time_zone);
  if (r.alternatives.length === 0) return <p role="status">{t("rebook.none")}</p>;
  return (
    <fieldset className="claim-parks" aria-describedby={`${id}-window`}>
      <legend>{t("rebook.choose")}</legend>
      <p id={`${id}-window`} className="field__hint">
        {t("rebook.window", { from: when(r.start_time), to: when(r.end_time) })}{" "}
        {r.payer === "operator" ? t("rebook.operatorPays") : t("rebook.parkwellPays")}
      </p>
      {r.alternatives.map((a) => (
        <label key={a.park_id} className="choice-card">
          <input type="radio" value={String(a.park_id)} {...field} /> <strong>{a.name}</strong>
          <span className="choice-card__where">
            {" "}
            — {placeLine(a.address, a.city)} ·{" "}
            {t("rebook.distance", { distance: formatDistance(a.distance_km, i18n.language) })} ·{" "}
            {t("rebook.spaces", { count: a.free_spaces })}
          </span>
          <br />
          <span>
            {t("rebook.price", { price: money(a.price) })}
            {a.covered > 0 && ` · ${t("rebook.covered", { amount: money(a.covered) })}`}
            {a.returned > 0 && ` · ${t("rebook.returned", { amount: money(a.returned) })}`}
          </span>
        </label>
      ))}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
