import "./with-code.css";

/**
 * A sentence that names a code ("Demande VD-MW3YFY"), the code kept on one line
 * (`white-space: nowrap`) so a narrow screen wraps the sentence between its words, never at the
 * code's hyphen. The vehicle-document requests' headings and dialogs (the driver's and the back
 * office's) and the booking's page use it.
 */
export function WithCode({ text, code }: { text: string; code: string }) {
  const at = text.indexOf(code);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <span className="nowrap-code">{code}</span>
      {text.slice(at + code.length)}
    </>
  );
}
