import {
  CLAIM_DECISIONS,
  ClaimDecisionBodySchema,
  type AdminClaim,
  type ClaimDecisionBody,
} from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { FormAlert } from "../../../components/ui/form-alert";
import { SelectField, TextAreaField, TextField } from "../../../components/ui/form-field";
import { apiDownloadLink } from "../../../lib/api";
import { formatMoney, parseNumber } from "../../../lib/format";
import { errorText } from "../../../lib/form-errors";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { formatZonedDateTime } from "../../../lib/zoned-time";
import { adminApi } from "../api";
import { useCan } from "../me";
import { PageHeader } from "../ui/page-header";
import { LoadingState } from "../ui/states";
import "../../../components/claims/claims.css";

const claimQuery = (id: string) => ({
  queryKey: ["admin", "claims", "one", id],
  queryFn: ({ signal }: { signal: AbortSignal }) => adminApi("/claims/{id}", { params: { id }, signal }),
});

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
            {c.decision.refund !== null && ` · ${money(c.decision.refund)}`} · {at(c.decision.at)} ·{" "}
            {c.decision.by === "rule" ? t("detail.byRule") : (c.decided_by_name ?? "")}
          </p>
          {c.decision.reason && <q>{c.decision.reason}</q>}
        </section>
      ) : (
        can("claims.update") && <DecisionForm claim={c} onDone={setDone} />
      )}
    </>
  );
}

interface DecisionValues {
  decision: string;
  amount: string;
  reason: string;
}

function DecisionForm({ claim: c, onDone }: { claim: AdminClaim; onDone: (text: string) => void }) {
  const { t, i18n } = useTranslation("admin-claims");
  const client = useQueryClient();
  const form = useSchemaForm<DecisionValues, typeof ClaimDecisionBodySchema>({
    schema: ClaimDecisionBodySchema,
    defaultValues: { decision: "", amount: "", reason: "" },
    toInput: (v) => ({
      decision: v.decision || undefined,
      amount:
        v.decision === "refund_part" && v.amount.trim() ? parseNumber(v.amount, i18n.language) : undefined,
      reason: v.reason.trim() || undefined,
    }),
  });
  const decide = useMutation({
    mutationFn: (body: ClaimDecisionBody) =>
      adminApi("/claims/{id}/decision", { method: "POST", params: { id: String(c.id) }, body }),
    onSuccess: async (after) => {
      onDone(t(`detail.done.${after.status}`));
      await client.invalidateQueries({ queryKey: ["admin", "claims"] });
    },
    onError: (err) => void form.showServerErrors(err),
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
            ...CLAIM_DECISIONS.map((d) => [d, t(`detail.decisions.${d}`)] as const),
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
          {t("detail.submit")}
        </button>
      </form>
    </section>
  );
}
