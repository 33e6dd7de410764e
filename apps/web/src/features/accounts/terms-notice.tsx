import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { api } from "../../lib/api";
import { errorText } from "../../lib/form-errors";
import { useSession } from "../../lib/session";
import "./terms-notice.css";

/** Keyed by the session: another sign-in on the same tab never sees the previous user's answer. */
export const termsStatusQuery = (token: string | null) =>
  ({
    queryKey: ["terms-status", token],
    queryFn: ({ signal }: { signal: AbortSignal }) => api("/terms/status", { signal }),
    staleTime: 5 * 60_000,
  }) as const;

/**
 * The Terms changed since the signed-in user accepted them (decision 035): a banner at the foot
 * of the screen asks them once to read and accept the new version. It does not block the page;
 * once accepted (POST /terms/accept) it is gone for good, on every device.
 */
export function TermsNotice() {
  const { t } = useTranslation("account");
  const titleId = useId();
  const client = useQueryClient();
  const { token } = useSession();
  const status = useQuery({ ...termsStatusQuery(token), enabled: token !== null });
  const accept = useMutation({
    mutationFn: (version: number) => api("/terms/accept", { method: "POST", body: { version } }),
    onSuccess: (answer) => client.setQueryData(["terms-status", token], answer),
    // An older version (409: published meanwhile): ask again with the current one.
    onError: () => void client.invalidateQueries({ queryKey: ["terms-status"] }),
  });
  const pending = status.data?.terms_to_accept;
  if (!pending) return null;
  return (
    <section className="terms-notice" role="region" aria-labelledby={titleId} data-testid="terms-notice">
      <div className="container terms-notice__inner">
        <div>
          <h2 id={titleId} className="terms-notice__title">
            {t("terms.title")}
          </h2>
          <p className="terms-notice__text">
            {t("terms.text", { version: pending.version })} <Link to="/terms">{t("terms.read")}</Link>
          </p>
          {accept.isError && (
            <p className="field__error" role="alert">
              {errorText(t, accept.error)}
            </p>
          )}
        </div>
        <button
          type="button"
          className="button button--accent"
          disabled={accept.isPending}
          onClick={() => accept.mutate(pending.version)}
        >
          {accept.isPending ? t("loading") : t("terms.accept")}
        </button>
      </div>
    </section>
  );
}
