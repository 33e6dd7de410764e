import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog as Dialog } from "../../../components/ui/confirm-dialog";

/** The shared ConfirmDialog with the back office's words: Cancel, Confirm (or the caller's), and the busy label. */
export function ConfirmDialog({
  confirmLabel,
  ...props
}: Omit<ComponentProps<typeof Dialog>, "cancelLabel" | "confirmLabel" | "busyLabel"> & {
  confirmLabel?: string;
}) {
  const { t } = useTranslation("admin");
  return (
    <Dialog
      {...props}
      cancelLabel={t("confirm.cancel")}
      confirmLabel={confirmLabel ?? t("confirm.confirm")}
      busyLabel={t("confirm.busy")}
    />
  );
}
