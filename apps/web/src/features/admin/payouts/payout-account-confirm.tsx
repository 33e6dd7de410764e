import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { FormAlert } from "../../../components/ui/form-alert";
import { errorText } from "../../../lib/form-errors";
import { browserTimeZone, formatZonedDateTime } from "../../../lib/zoned-time";
import { PageHeader } from "../ui/page-header";
import { confirmPayoutAccount } from "./api";
import "./payouts.css";

/**
 * /admin/payout-accounts/confirm?token=…: the e-mail's link. Nothing changes by opening it: the
 * manager reads what is confirmed and presses the button (a mail scanner following the link
 * confirms nothing).
 */
export function ConfirmPayoutAccountPage() {
  const { t, i18n } = useTranslation("admin-payouts");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const confirm = useMutation({ mutationFn: () => confirmPayoutAccount(token) });
  const account = confirm.data;
  return (
    <>
      <PageHeader title={t("confirm.title")} description={t("confirm.description")} />
      {account ? (
        <div role="status" className="po-resolved">
          <p>
            {t("confirm.done", {
              holder: account.holder_name,
              last4: account.last4,
              when: formatZonedDateTime(account.usable_from ?? "", i18n.language, browserTimeZone()),
            })}
          </p>
          <Link to="/admin/payout-accounts">{t("confirm.back")}</Link>
        </div>
      ) : (
        <div className="po-actions">
          {!token && <FormAlert message={t("confirm.noToken")} />}
          {confirm.isError && <FormAlert message={errorText(t, confirm.error)} />}
          <button
            type="button"
            className="button button--accent"
            disabled={!token || confirm.isPending}
            onClick={() => confirm.mutate()}
          >
            {confirm.isPending ? t("confirm.busy") : t("confirm.button")}
          </button>
        </div>
      )}
    </>
  );
}
