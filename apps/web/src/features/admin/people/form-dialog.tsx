import { useEffect, useId, useRef, type ReactNode } from "react";

/**
 * A modal form (invite, edit): a <dialog> whose focus stays inside, starts on its first field and
 * goes back where it was; Escape closes it unless `busy`.
 */
export function FormDialog({
  open,
  title,
  busy = false,
  onClose,
  children,
}: {
  open: boolean;
  /** Text, or a sentence with a code kept whole (WithCode). */
  title: ReactNode;
  busy?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>("input, select, textarea")?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="admin-dialog pp-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {open && children}
    </dialog>
  );
}
