import { PayoutHoldBodySchema } from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../../components/ui/form-alert";
import { TextField } from "../../../components/ui/form-field";
import { errorText } from "../../../lib/form-errors";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { holdPayouts, payoutOperatorsQuery, releasePayouts } from "./api";

type Operator = {
  id: number;
  name: string;
  country_code: string | null;
  hold: { reason: string; since: string } | null;
};

/**
 * The operators' holds: an operator's managers read theirs (the reason); Parkwell's admin
 * (`payouts.update`) holds an operator's payouts with a reason, or releases them.
 */
export function PayoutHolds({ editable }: { editable: boolean }) {
  const { t } = useTranslation("admin-payouts");
  const operators = useQuery(payoutOperatorsQuery());
  if (operators.isError) return <FormAlert message={errorText(t, operators.error)} />;
  const items = operators.data?.items ?? [];
  if (!editable) {
    return (
      <>
        {items
          .filter((o) => o.hold)
          .map((o) => (
            <p key={o.id} className="po-notice" role="note">
              {t("hold.notice", { reason: o.hold!.reason })}
            </p>
          ))}
      </>
    );
  }
  // The operators held stay in sight; the others (every operator Parkwell pays, a long list) are
  // behind one disclosure, so the payouts' filters and list stay near the top of the page.
  const held = items.filter((o) => o.hold);
  const others = items.filter((o) => !o.hold);
  const rows = (list: Operator[]) => (
    <ul className="po-holds">
      {list.map((o) => (
        <li key={o.id}>
          <HoldRow operator={o} />
        </li>
      ))}
    </ul>
  );
  return (
    <section className="po-section" aria-labelledby="po-holds-title">
      <h2 id="po-holds-title">{t("hold.title")}</h2>
      {held.length > 0 ? rows(held) : <p>{t("hold.none")}</p>}
      {others.length > 0 && (
        <details className="po-holds-others">
          <summary>{t("hold.others", { count: others.length })}</summary>
          {rows(others)}
        </details>
      )}
    </section>
  );
}

function HoldRow({ operator }: { operator: Operator }) {
  const { t } = useTranslation("admin-payouts");
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const form = useSchemaForm<{ reason: string }, typeof PayoutHoldBodySchema>({
    schema: PayoutHoldBodySchema,
    defaultValues: { reason: "" },
  });
  const done = async () => {
    setOpen(false);
    form.reset({ reason: "" });
    await client.invalidateQueries({ queryKey: ["admin", "payouts"] });
    await client.invalidateQueries({ queryKey: ["admin", "payout-accounts"] });
  };
  const hold = useMutation({
    mutationFn: (reason: string) => holdPayouts(operator.id, reason),
    onSuccess: done,
    onError: (err) => form.showServerErrors(err),
  });
  const release = useMutation({ mutationFn: () => releasePayouts(operator.id), onSuccess: done });
  const label = `${operator.name}${operator.country_code ? ` (${operator.country_code})` : ""}`;
  return (
    <div className="po-hold-form">
      <p>
        <strong>{label}</strong>{" "}
        {/* The operators not held are listed under their own disclosure, which says so. */}
        {operator.hold && (
          <span className="po-badge po-badge--waiting">
            {t("hold.held", { reason: operator.hold.reason })}
          </span>
        )}
      </p>
      {operator.hold ? (
        <button
          type="button"
          className="button"
          disabled={release.isPending}
          onClick={() => release.mutate()}
        >
          {t("hold.release", { name: operator.name })}
        </button>
      ) : open ? (
        <form
          className="po-hold-form"
          noValidate
          aria-label={t("hold.formLabel", { name: operator.name })}
          onSubmit={form.handleSubmit((body) => hold.mutate(body.reason))}
        >
          <TextField
            label={t("hold.reason")}
            hint={t("hold.reasonHint")}
            maxLength={500}
            error={form.formState.errors.reason?.message}
            {...form.register("reason")}
          />
          <button type="submit" className="button button--accent" disabled={hold.isPending}>
            {t("hold.hold")}
          </button>
          <button type="button" className="button" onClick={() => setOpen(false)}>
            {t("hold.cancel")}
          </button>
        </form>
      ) : (
        <button type="button" className="button" onClick={() => setOpen(true)}>
          {t("hold.holdOf", { name: operator.name })}
        </button>
      )}
      {release.isError && <FormAlert message={errorText(t, release.error)} />}
    </div>
  );
}
