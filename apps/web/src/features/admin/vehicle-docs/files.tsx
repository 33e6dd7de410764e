import type { VehicleDocStage } from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../../components/ui/form-alert";
import { TextField } from "../../../components/ui/form-field";
import { apiDownloadLink } from "../../../lib/api";
import { errorText } from "../../../lib/form-errors";
import { formatNumber } from "../../../lib/format";
import { formatZonedDateTime } from "../../../lib/zoned-time";
import { handleAdminError } from "../api";
import { fileLabelText } from "../../../lib/vehicle-doc-labels";
import { uploadVehicleDocScan, vehicleDocFilesQuery, type VehicleDocFileRow } from "./api";
import { NIGERIA_ZONE } from "./states";
import { saveBlob } from "../../../lib/save-file";

/** What the API takes (decision 032): JPEG, PNG or PDF, checked again on the server by the bytes. */
const TYPES = ["image/jpeg", "image/png", "application/pdf"] as const;
const MAX_BYTES = 10 * 1024 * 1024;
const LABEL_MAX = 60;
/** Stages after which the API takes no more files. */
const CLOSED: readonly VehicleDocStage[] = ["delivered", "cancelled", "refunded"];
const EXTENSION: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "application/pdf": "pdf",
};

/** A file's size as a reader says it: kB under a megabyte, MB above, in the page's language (ko, Mo in French). */
export function fileSize(bytes: number, lang: string): string {
  const unit = { style: "unit", unitDisplay: "short" } as const;
  if (bytes < 1024 * 1024) {
    return formatNumber(Math.max(1, Math.round(bytes / 1024)), lang, { ...unit, unit: "kilobyte" });
  }
  return formatNumber(bytes / (1024 * 1024), lang, { ...unit, unit: "megabyte", maximumFractionDigits: 1 });
}

/**
 * A request's files: the driver's uploads and the scans of the issued papers, each opened through
 * its 5-minute signed link (fetched with the bearer token, as a plain link cannot send it), a
 * purged one listed without a link; and, for who may update, the form that sends a scan.
 */
export function RequestFiles({
  code,
  stage,
  mayUpload,
}: {
  code: string;
  stage: VehicleDocStage;
  mayUpload: boolean;
}) {
  const { t } = useTranslation(["admin-vehicle-docs", "auth"]);
  const files = useQuery(vehicleDocFilesQuery(code));
  return (
    <section className="admin-park-section" aria-labelledby="vd-files" data-slot="vehicle-doc-files">
      <h2 id="vd-files">{t("files.title")}</h2>
      {files.isPending ? (
        <p className="admin-park-muted">{t("files.loading")}</p>
      ) : files.isError ? (
        <FormAlert message={errorText(t, files.error)} />
      ) : files.data.items.length === 0 ? (
        <p className="admin-park-muted">{t("files.none")}</p>
      ) : (
        <FileList code={code} items={files.data.items} />
      )}
      {mayUpload && !CLOSED.includes(stage) && <ScanForm code={code} />}
    </section>
  );
}

/** The file's link, asked for again with the list when it lapses within 15 seconds (links live five minutes). */
async function liveLink(client: QueryClient, code: string, file: VehicleDocFileRow) {
  if (file.link && Date.parse(file.link.expires_at) - Date.now() > 15_000) return file.link;
  const fresh = await client.fetchQuery({ ...vehicleDocFilesQuery(code), staleTime: 0 });
  return fresh.items.find((f) => f.id === file.id)?.link ?? null;
}

function FileList({ code, items }: { code: string; items: VehicleDocFileRow[] }) {
  const { t, i18n } = useTranslation(["admin-vehicle-docs", "auth"]);
  const lang = i18n.language;
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [opening, setOpening] = useState<number | null>(null);

  const open = async (file: VehicleDocFileRow) => {
    setError(null);
    setOpening(file.id);
    try {
      const link = await liveLink(client, code, file);
      if (!link) throw new Error(t("files.purged"));
      const { blob } = await apiDownloadLink(link.url, file.content_type);
      saveBlob(blob, `${fileLabelText(t, file.label)}.${EXTENSION[file.content_type] ?? "bin"}`);
    } catch (err) {
      handleAdminError(err);
      setError(errorText(t, err));
    } finally {
      setOpening(null);
    }
  };

  return (
    <>
      <ul className="vd-files">
        {items.map((f) => (
          <li key={f.id} className="vd-files__item">
            <div>
              <strong>{fileLabelText(t, f.label)}</strong>{" "}
              <span className="admin-park-muted">
                · {t(`files.kinds.${f.kind}`)} · {fileSize(f.size_bytes, lang)}
              </span>
              <br />
              <span className="admin-park-muted">
                {t(`files.by.${f.uploaded_by}`)} ·{" "}
                <time dateTime={f.created_at}>{formatZonedDateTime(f.created_at, lang, NIGERIA_ZONE)}</time>
              </span>
            </div>
            {f.link ? (
              <button
                type="button"
                className="button"
                disabled={opening === f.id}
                aria-label={t("files.openNamed", { label: fileLabelText(t, f.label) })}
                onClick={() => void open(f)}
              >
                {opening === f.id ? t("files.opening") : t("files.open")}
              </button>
            ) : (
              <span className="admin-park-muted">{t("files.purged")}</span>
            )}
          </li>
        ))}
      </ul>
      <FormAlert message={error} />
    </>
  );
}

/** "Send a scan of the issued papers": its label and the file, with the upload's progress. */
function ScanForm({ code }: { code: string }) {
  const { t } = useTranslation(["admin-vehicle-docs", "auth"]);
  const client = useQueryClient();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [label, setLabel] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useMutation({
    mutationFn: () => uploadVehicleDocScan(code, label.trim(), file!, setProgress),
    onMutate: () => setProgress(0),
    onSettled: () => setProgress(null),
    onSuccess: async () => {
      setLabel("");
      setFile(null);
      if (input.current) input.current.value = "";
      await client.invalidateQueries({ queryKey: vehicleDocFilesQuery(code).queryKey });
    },
  });
  const choose = (f: File | undefined) => {
    setLocalError(null);
    upload.reset();
    setFile(null);
    if (!f) return;
    if (!(TYPES as readonly string[]).includes(f.type)) return setLocalError(t("files.form.type"));
    if (f.size > MAX_BYTES) return setLocalError(t("files.form.size"));
    setFile(f);
  };

  return (
    <form
      className="vd-scan-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!label.trim()) return setLocalError(t("files.form.labelRequired"));
        if (!file) return setLocalError(localError ?? t("files.form.choose"));
        upload.mutate();
      }}
    >
      <h3>{t("files.form.title")}</h3>
      <TextField
        label={t("files.form.label")}
        hint={t("files.form.labelHint")}
        id={`${id}-label`}
        aria-required
        value={label}
        maxLength={LABEL_MAX}
        onChange={(e) => {
          setLocalError(null);
          setLabel(e.target.value);
        }}
      />
      <div className="field">
        <label htmlFor={`${id}-file`}>{t("files.form.file")}</label>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept={TYPES.join(",")}
          aria-describedby={`${id}-file-hint`}
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <small id={`${id}-file-hint`}>{t("files.form.hint")}</small>
      </div>
      {progress !== null && (
        <progress max={1} value={progress} aria-label={t("files.form.progress")}>
          {Math.round(progress * 100)}%
        </progress>
      )}
      <FormAlert message={localError ?? (upload.isError ? errorText(t, upload.error) : null)} />
      {upload.isSuccess && (
        <p role="status" className="admin-park-saved">
          {t("files.form.sent")}
        </p>
      )}
      <div>
        <button type="submit" className="button button--accent" disabled={upload.isPending}>
          {upload.isPending ? t("files.form.sending") : t("files.form.send")}
        </button>
      </div>
    </form>
  );
}
