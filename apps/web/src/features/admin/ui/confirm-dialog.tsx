import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";

/**
 * "Are you sure?" before a change that cannot be undone (delete, refund, ...). A modal <dialog>:
 * focus stays inside and starts on Cancel, Escape cancels, and the focus goes back where it was.
 * While `busy` (the request is running) it cannot be closed.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  danger = false,
  busy = false,
  error,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  /** The confirm button says it destroys something. */
  danger?: boolean;
  busy?: boolean;
  /** Why the last attempt failed, shown in the dialog. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("admin");
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="admin-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-text`}>{message}</p>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-dialog__actions">
        <button ref={cancelRef} type="button" className="button" disabled={busy} onClick={onCancel}>
          {t("confirm.cancel")}
        </button>
        <button
          type="button"
          className={danger ? "button admin-button--danger" : "button button--accent"}
          disabled={busy}
          onClick={onConfirm}
        >
          {busy ? t("confirm.busy") : (confirmLabel ?? t("confirm.confirm"))}
        </button>
      </div>
    </dialog>
  );
}
