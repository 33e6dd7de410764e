import { useEffect, useState } from "react";
import "./qr-code.css";

/**
 * A signed payload (a booking's, a monthly pass's) as a QR code for the gate; the library loads
 * only with this component's page.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import("qrcode").then(async (qr) => {
      const url = await qr.toDataURL(value, { margin: 1, width: 240, errorCorrectionLevel: "M" });
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [value]);
  if (!src) return <div className="booking-qr booking-qr--loading" aria-busy="true" />;
  return <img className="booking-qr" src={src} alt={label} width={240} height={240} />;
}
