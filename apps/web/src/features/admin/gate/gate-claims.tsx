import { GATE_CLAIM_HOURS, type GateClaim } from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../../components/ui/form-alert";
import { formatShortZoned } from "../../../lib/zoned-time";
import { LoadingState } from "../ui/states";
import { confirmClaim, gateClaimsQuery } from "./api";
import { gateErrorText } from "./errors";

/**
 * "Problems reported here": the open claims of a full park or a closed barrier drivers filed at the
 * park in the last hours (booking code, plate, reason, when on the park's clock), each with a
 * Confirm button for the attendant who sees it (decision 057): the claim is decided at once.
 */
export function GateClaims({ parkId, canConfirm }: { parkId: number; canConfirm: boolean }) {
  const { t, i18n } = useTranslation(["admin-gate", "auth"]);
  const client = useQueryClient();
  const query = useQuery(gateClaimsQuery(parkId));
  const [done, setDone] = useState<string | null>(null);
  // One key per press: a retry of the same press replays the confirmation; a failed attempt is over.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const confirm = useMutation({
    mutationFn: (g: GateClaim) => confirmClaim(g.id, key),
    onMutate: () => setDone(null),
    onSuccess: async (after, g) => {
      setKey(crypto.randomUUID());
      const code = g.booking_code ?? g.pass_code ?? g.code;
      setDone(t(`problems.done.${after.status}`, { code, park: after.decision?.rebooked?.park.name ?? "" }));
      await client.invalidateQueries({ queryKey: ["admin", "gate"] });
    },
    onError: async () => {
      setKey(crypto.randomUUID());
      // Decided meanwhile (by staff, or cancelled): the list is read again.
      await client.invalidateQueries({ queryKey: ["admin", "gate", "claims"] });
    },
  });
  const items = query.data?.items ?? [];
  return (
    <section className="gate-today gate-problems" aria-labelledby="gate-problems-title">
      <h2 id="gate-problems-title" className="gate-section-title">
        {t("problems.title")} {query.data && <span className="gate-count">{items.length}</span>}
      </h2>
      <p className="gate-note">{t("problems.intro", { hours: GATE_CLAIM_HOURS })}</p>
      <div aria-live="polite">
        <FormAlert message={done} tone="success" />
        {confirm.error && <FormAlert message={gateErrorText(t, confirm.error)} />}
      </div>
      {query.isPending ? (
        <LoadingState text={t("problems.loading")} />
      ) : query.isError ? (
        <FormAlert message={gateErrorText(t, query.error)} />
      ) : items.length === 0 ? (
        <p className="gate-note">{t("problems.none")}</p>
      ) : (
        <ul className="gate-list">
          {items.map((g) => {
            const code = g.booking_code ?? g.pass_code ?? g.code;
            return (
              <li key={g.id} className="gate-row" data-testid="gate-problem">
                <span className="gate-row__time">
                  {formatShortZoned(g.filed_at, i18n.language, g.time_zone)}
                </span>
                <span className="gate-row__car">
                  <strong>{g.plate ?? t("problems.noPlate")}</strong> · {t(`problems.reasons.${g.reason}`)}
                  {g.remedy === "rebook" && ` · ${t("problems.nearby")}`}
                </span>
                <span className="gate-row__code gate-mono">{code}</span>
                {canConfirm && (
                  <button
                    type="button"
                    className="button button--accent gate-problem__confirm"
                    disabled={confirm.isPending}
                    aria-label={t("problems.confirmLabel", { code })}
                    onClick={() => confirm.mutate(g)}
                  >
                    {confirm.isPending && confirm.variables?.id === g.id
                      ? t("problems.confirming")
                      : t("problems.confirm")}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
