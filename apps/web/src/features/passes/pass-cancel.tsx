import { formatZonedDateTime, type PassDetail } from "@parkwell/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { errorText } from "../../lib/form-errors";
import { cancelPass } from "./pass-api";

/**
 * Cancel: the confirmation says when it takes effect (the end of the paid term; in grace, now)
 * and that the term paid is not refunded; the page then says when the pass ends.
 */
export function PassCancel({ pass }: { pass: PassDetail }) {
  const { t, i18n } = useTranslation("passes");
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const cancel = useMutation({
    mutationFn: () => cancelPass(pass.pass_code),
    onSuccess: async (changed) => {
      setConfirming(false);
      client.setQueryData(["passes", "detail", pass.pass_code], changed);
      await client.invalidateQueries({ queryKey: ["passes", "list"] });
    },
  });
  const effective = pass.cancel_effective_at;
  if (!effective) return null;
  const grace = pass.status === "grace";
  const date = formatZonedDateTime(effective, i18n.language, pass.park.time_zone);
  return (
    <div className="pass-cancel">
      <h3>{t("cancel.title")}</h3>
      <p>{grace ? t("cancel.hintNow") : t("cancel.hint", { date })}</p>
      <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
        {t("cancel.open")}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t("cancel.confirmTitle")}
        message={grace ? t("cancel.confirmTextNow") : t("cancel.confirmText", { date })}
        cancelLabel={t("cancel.keep")}
        confirmLabel={t("cancel.confirm")}
        busyLabel={t("cancel.busy")}
        danger
        busy={cancel.isPending}
        error={cancel.error ? errorText(t, cancel.error) : null}
        onConfirm={() => cancel.mutate()}
        onCancel={() => {
          setConfirming(false);
          cancel.reset();
        }}
      />
    </div>
  );
}
