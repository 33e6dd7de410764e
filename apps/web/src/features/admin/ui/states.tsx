import type { ReactNode } from "react";

/** A region waiting for data: a spinner and what is loading, announced politely. */
export function LoadingState({ text }: { text: string }) {
  return (
    <div className="admin-state" role="status" aria-live="polite">
      <span className="spinner__ring" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

/** A list with nothing in it: one sentence, and optionally what to do (a button or link). */
export function EmptyState({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <div className="admin-state admin-state--empty">
      <p>{text}</p>
      {action}
    </div>
  );
}
