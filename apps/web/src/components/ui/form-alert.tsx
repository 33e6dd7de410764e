/** A form's one-line outcome: an error (announced at once) or a success. */
export function FormAlert({
  message,
  tone = "error",
}: {
  message: string | null;
  tone?: "error" | "success";
}) {
  if (!message) return null;
  return (
    <p className={`acc-alert acc-alert--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {message}
    </p>
  );
}
