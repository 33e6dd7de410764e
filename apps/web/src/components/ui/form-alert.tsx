import "./alert.css";

/**
 * A form's one-line outcome: an error (announced at once) or a success; nothing without a message.
 * Every form says its outcome through this (a failed request's line: lib/form-errors errorText).
 */
export function FormAlert({
  message,
  tone = "error",
}: {
  message: string | null;
  tone?: "error" | "success";
}) {
  if (!message) return null;
  return (
    <p className={`alert alert--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {message}
    </p>
  );
}
