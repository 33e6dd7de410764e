import { useEffect, useId, useRef, type ReactNode } from "react";
import { FormAlert } from "./form-alert";
import "./confirm-dialog.css";

/**
 * "Are you sure?" before a change that cannot be undone (delete, refund, cancel an order). A modal
 * <dialog>: focus stays inside and starts on the cancel button, Escape cancels, and the focus goes
 * back where it was. While `busy` (the request is running) it cannot be closed. The labels are the
 * caller's, in its own namespace (the back office's wrapper: features/admin/ui/confirm-dialog).
 */
export function ConfirmDialog({
  open,
  title,
  message,
  cancelLabel,
  confirmLabel,
  busyLabel,
  danger = false,
  busy = false,
  error,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  /** Text, or a sentence with a code kept whole (WithCode). */
  title: ReactNode;
  message: string;
  cancelLabel: string;
  confirmLabel: string;
  /** The confirm button's text while the request runs. */
  busyLabel: string;
  /** The confirm button says it destroys something. */
  danger?: boolean;
  busy?: boolean;
  /** Why the last attempt failed, shown in the dialog. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
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
      className="confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-text`}>{message}</p>
      <FormAlert message={error ?? null} />
      <div className="confirm-dialog__actions">
        <button ref={cancelRef} type="button" className="button" disabled={busy} onClick={onCancel}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={danger ? "button button--danger" : "button button--accent"}
          disabled={busy}
          onClick={onConfirm}
        >
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
