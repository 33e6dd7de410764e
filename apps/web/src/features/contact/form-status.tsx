import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

import type { InquiryStatus } from "./use-inquiry-form";

/** The outcome of sending a form: the reference on success (focused, so it is announced), or the error. */
export function FormStatus({
  status,
  kind,
  onAgain,
}: {
  status: InquiryStatus;
  kind: "contact" | "demo";
  onAgain?: () => void;
}) {
  const { t } = useTranslation("contact");
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (status.kind === "sent") ref.current?.focus();
  }, [status.kind]);
  if (status.kind === "failed") {
    return (
      <p className="alert alert--error" role="alert">
        {status.message ?? t("errors.generic")}
      </p>
    );
  }
  if (status.kind !== "sent") return null;
  return (
    <div className="alert alert--success card" role="status" tabIndex={-1} ref={ref}>
      <h2>{t(`${kind}SentTitle`)}</h2>
      <p>{t(`${kind}SentText`, { reference: status.receipt.reference })}</p>
      {onAgain && (
        <button type="button" className="button" onClick={onAgain}>
          {t("sendAnother")}
        </button>
      )}
    </div>
  );
}
