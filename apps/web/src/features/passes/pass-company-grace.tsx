import { formatZonedDateTime, type PassDetail } from "@parkwell/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { errorText } from "../../lib/form-errors";
import { formatMoney } from "../../lib/format";
import { renewPassFromWallet } from "./pass-api";

/**
 * A pass in grace whose company did not pay its renewal: it never falls to the wallet by itself,
 * so the page says so and offers to pay the renewal from the driver's own wallet (one
 * Idempotency-Key per attempt: a retry of the same click pays once); the pass then renews from
 * the wallet. A wallet too short says what it lacks, with the top-up link.
 */
export function PassCompanyGrace({ pass }: { pass: PassDetail & { paid_by_company: string } }) {
  const { t, i18n } = useTranslation("passes");
  const client = useQueryClient();
  const [attemptKey, setAttemptKey] = useState(() => crypto.randomUUID());
  const renew = useMutation({
    mutationFn: () => renewPassFromWallet(pass.pass_code, attemptKey),
    onSuccess: async (changed) => {
      client.setQueryData(["passes", "detail", pass.pass_code], changed);
      await client.invalidateQueries({ queryKey: ["passes", "list"] });
    },
    // Refused (e.g. the wallet short): the next click is a new attempt.
    onError: () => setAttemptKey(crypto.randomUUID()),
  });
  const money = (n: number) => formatMoney(n, pass.currency, i18n.language);
  const company = pass.paid_by_company;
  const amount = money(pass.next_charge?.amount ?? 0);
  const missing = pass.grace?.missing ?? 0;
  return (
    <div role="alert" className="alert alert--error" data-testid="pass-company-grace">
      <p>
        <strong>{t("detail.companyGraceTitle", { company })}</strong>
      </p>
      <p>
        {t("detail.companyGraceText", {
          company,
          amount,
          date: pass.grace
            ? formatZonedDateTime(pass.grace.lapses_at, i18n.language, pass.park.time_zone)
            : "",
        })}
      </p>
      {missing > 0 && (
        <p>
          {t("detail.companyGraceMissing", { missing: money(missing) })}{" "}
          <Link to="/wallet">{t("detail.topUp")}</Link>
        </p>
      )}
      <button
        type="button"
        className="button button--accent"
        disabled={renew.isPending}
        onClick={() => renew.mutate()}
      >
        {renew.isPending ? t("detail.renewing") : t("detail.renewMyself", { amount })}
      </button>
      {renew.error && <p className="field__error">{errorText(t, renew.error)}</p>}
    </div>
  );
}
