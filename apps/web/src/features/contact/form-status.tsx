import type { InquiryKind, InquiryReceipt } from "@parkwell/contract";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

/** A stored form's reference (focused, so it is announced) and a way to send another. */
export function FormSent({
  receipt,
  kind,
  onAgain,
}: {
  receipt: InquiryReceipt;
  kind: InquiryKind;
  onAgain: () => void;
}) {
  const { t } = useTranslation("contact");
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="alert alert--success card" role="status" tabIndex={-1} ref={ref}>
      <h2>{kind === "ev_host" ? t("evHost.sentTitle") : t(`${kind}SentTitle`)}</h2>
      <p>
        {kind === "ev_host"
          ? t("evHost.sentText", { reference: receipt.reference })
          : t(`${kind}SentText`, { reference: receipt.reference })}
      </p>
      <button type="button" className="button" onClick={onAgain}>
        {t("sendAnother")}
      </button>
    </div>
  );
}
