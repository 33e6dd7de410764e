import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats?: () => Promise<string[]>;
}

/**
 * A QR reader: the browser's own BarcodeDetector where it reads QR codes (Chrome on Android,
 * Safari), else the `barcode-detector` ponyfill (ZXing compiled to WebAssembly), fetched only now,
 * the first time an attendant scans, with its .wasm served by Parkwell itself (never a CDN).
 */
async function qrDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (native) {
    const formats = (await native.getSupportedFormats?.().catch(() => [])) ?? [];
    if (formats.includes("qr_code")) return new native({ formats: ["qr_code"] });
  }
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import("barcode-detector/ponyfill"),
    import("zxing-wasm/reader/zxing_reader.wasm?url"),
  ]);
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path),
    },
  });
  return new BarcodeDetector({ formats: ["qr_code"] });
}

type ScanState = "starting" | "scanning" | "denied" | "unavailable";

/**
 * The phone's back camera in a frame, read a few times a second until a QR code is found; the
 * value goes to `onCode` and the camera is released. Escape or Cancel closes it.
 */
export function QrScanner({ onCode, onClose }: { onCode: (value: string) => void; onClose: () => void }) {
  const { t } = useTranslation("admin-gate");
  const video = useRef<HTMLVideoElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const [state, setState] = useState<ScanState>("starting");
  const found = useRef(onCode);
  useEffect(() => {
    found.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    cancel.current?.focus();
    void (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState("unavailable");
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: "environment" } },
          audio: false,
        });
      } catch {
        if (!stopped) setState("denied");
        return;
      }
      if (stopped || !video.current) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      let detector: Detector;
      try {
        detector = await qrDetector();
      } catch {
        if (!stopped) setState("unavailable");
        return;
      }
      if (stopped) return;
      setState("scanning");
      const tick = async () => {
        if (stopped || !video.current) return;
        const codes =
          video.current.readyState >= 2 ? await detector.detect(video.current).catch(() => []) : [];
        const value = codes.find((c) => c.rawValue)?.rawValue;
        if (value && !stopped) {
          stopped = true;
          found.current(value);
          return;
        }
        timer = window.setTimeout(() => void tick(), 250);
      };
      void tick();
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <div
      className="gate-scanner"
      role="dialog"
      aria-modal="true"
      aria-label={t("scan.title")}
      onKeyDown={(e) => {
        if (e.key === "Escape") onClose();
      }}
    >
      <video ref={video} className="gate-scanner__video" muted playsInline aria-hidden="true" />
      <p className="gate-scanner__status" role="status" aria-live="polite">
        {t(`scan.${state}`)}
      </p>
      <button ref={cancel} type="button" className="button gate-scanner__close" onClick={onClose}>
        {t("scan.cancel")}
      </button>
    </div>
  );
}
