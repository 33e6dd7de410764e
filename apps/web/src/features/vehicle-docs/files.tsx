import {
  VEHICLE_DOC_FILE_LABEL_MAX,
  VEHICLE_DOC_FILE_LABELS,
  type VehicleDocFile,
  type VehicleDocStage,
} from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../components/ui/form-alert";
import { SelectField, TextField } from "../../components/ui/form-field";
import { ApiError } from "../../lib/api";
import { fileLabelText } from "../../lib/vehicle-doc-labels";
import { formatZonedDateTime } from "../../lib/zoned-time";
import { downloadVehicleDocFile, NIGERIA_TIME_ZONE, uploadVehicleDocFile, vehicleDocFilesQuery } from "./api";

/** What the API takes (decision 032): JPEG, PNG or PDF up to 10 MB. */
export const FILE_TYPES = ["image/jpeg", "image/png", "application/pdf"] as const;
export const FILE_MAX_BYTES = 10 * 1024 * 1024;
const ACCEPT = [...FILE_TYPES, ".jpg", ".jpeg", ".png", ".pdf"].join(",");
/** Stages after which nothing more is uploaded (the API's 409 "closed"). */
const CLOSED: readonly VehicleDocStage[] = ["delivered", "cancelled", "refunded"];

const EXTENSION: Record<VehicleDocFile["content_type"], string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "application/pdf": "pdf",
};

/** A signed link with under 30 seconds left (they live five minutes): asked again before use. */
const linkIsOld = (expiresAt: string): boolean => Date.parse(expiresAt) - Date.now() < 30_000;

/** A file size as the language writes it: "850 kB", "2.4 MB". */

export function formatSize(bytes: number, language: string): string {
  const mb = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(language, {
    style: "unit",
    unit: mb ? "megabyte" : "kilobyte",
    unitDisplay: "short",
    maximumFractionDigits: 1,
  }).format(mb ? bytes / (1024 * 1024) : Math.max(bytes / 1024, 0.1));
}

/** Why a chosen file cannot be sent, checked before the upload (the server checks again). */
function fileProblem(file: File | undefined): "missing" | "type" | "size" | null {
  if (!file) return "missing";
  const byName = /\.(jpe?g|png|pdf)$/i.test(file.name);
  if (!(FILE_TYPES as readonly string[]).includes(file.type) && !(file.type === "" && byName)) return "type";
  if (file.size > FILE_MAX_BYTES) return "size";
  return null;
}

/**
 * A request's files: the driver's uploads and the scans of the issued papers, each with its
 * label, size and time on Nigeria's clock, downloaded through the signed link the API gives (a
 * purged file says so, without a link); and the upload form, which answers the staff's question
 * while the request waits for more information.
 */
export function RequestFiles({
  code,
  stage,
  question,
  onUploaded,
}: {
  code: string;
  stage: VehicleDocStage;
  question: string | null;
  onUploaded: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation("vehicle-docs");
  const lang = i18n.language;
  const id = useId();
  const files = useQuery(vehicleDocFilesQuery(code));
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const labelOf = (f: VehicleDocFile) => fileLabelText(t, f.label);

  const download = async (f: VehicleDocFile) => {
    setDownloadError(null);
    try {
      let link = f.link;
      if (link && linkIsOld(link.expires_at)) {
        link = (await files.refetch()).data?.items.find((x) => x.id === f.id)?.link ?? null;
      }
      if (!link) throw new Error("no link");
      await downloadVehicleDocFile(link.url, `${code}-${f.id}.${EXTENSION[f.content_type]}`);
    } catch (err) {
      setDownloadError(err instanceof ApiError ? err.message : t("files.downloadError"));
    }
  };

  const list = files.data?.items ?? [];
  return (
    <section className="card" aria-labelledby={`${id}-files`} data-slot="vehicle-doc-files">
      <h2 id={`${id}-files`}>{t("files.title")}</h2>
      {files.isError && (
        <p role="alert" className="alert alert--error">
          {files.error instanceof ApiError ? files.error.message : t("loadError")}
        </p>
      )}
      {files.isSuccess && list.length === 0 && <p className="field__hint">{t("files.empty")}</p>}
      {list.length > 0 && (
        <ul className="vd-files" data-testid="vd-files">
          {list.map((f) => (
            <li key={f.id} className="vd-file">
              <div>
                <strong>{labelOf(f)}</strong>
                <span className="vd-file__meta">
                  {t(f.uploaded_by === "staff" ? "files.byStaff" : "files.byYou")} ·{" "}
                  {formatSize(f.size_bytes, lang)} ·{" "}
                  <time dateTime={f.created_at}>
                    {formatZonedDateTime(f.created_at, lang, NIGERIA_TIME_ZONE)}
                  </time>
                </span>
              </div>
              {f.link ? (
                <button
                  type="button"
                  className="button"
                  aria-label={t("files.downloadOne", { label: labelOf(f) })}
                  onClick={() => void download(f)}
                >
                  {t("files.download")}
                </button>
              ) : (
                <span className="field__hint">{t("files.purged")}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {downloadError && (
        <p role="alert" className="alert alert--error">
          {downloadError}
        </p>
      )}
      {CLOSED.includes(stage) ? (
        <p className="field__hint">{t("files.closed")}</p>
      ) : (
        <UploadForm
          code={code}
          question={stage === "info_needed" ? question : null}
          onUploaded={onUploaded}
        />
      )}
    </section>
  );
}

const OTHER = "other";

/** The upload: what the file is (the usual two or the driver's words), then the file itself. */
function UploadForm({
  code,
  question,
  onUploaded,
}: {
  code: string;
  question: string | null;
  onUploaded: () => Promise<void>;
}) {
  const { t } = useTranslation("vehicle-docs");
  const id = useId();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<string>(VEHICLE_DOC_FILE_LABELS[0]);
  const [own, setOwn] = useState("");
  const [errors, setErrors] = useState<{ label?: string; file?: string }>({});
  const upload = useMutation({
    mutationFn: ({ label, file }: { label: string; file: File }) => uploadVehicleDocFile(code, label, file),
    onSuccess: async () => {
      setOwn("");
      if (input.current) input.current.value = "";
      await client.invalidateQueries({ queryKey: ["vehicle-docs", "files", code] });
      await onUploaded();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields)
        setErrors({ label: err.fields.label, file: err.fields.file });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    upload.reset();
    const label = kind === OTHER ? own.trim() : kind;
    const file = input.current?.files?.[0];
    const problem = fileProblem(file);
    const next = {
      label: label ? undefined : t("files.labelMissing"),
      file: problem ? t(`files.problem.${problem}`) : undefined,
    };
    setErrors(next);
    if (next.label || next.file || !file) return;
    upload.mutate({ label, file });
  };

  // A refusal about the label or the file shows at that field; any other in the form's alert.
  const fields = upload.error instanceof ApiError ? (upload.error.fields ?? {}) : {};
  const apiError =
    upload.error instanceof ApiError && !fields.label && !fields.file ? upload.error.message : null;
  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-upload`} className="vd-upload">
      <h3 id={`${id}-upload`}>{question ? t("files.answerTitle") : t("files.uploadTitle")}</h3>
      {question ? (
        <div className="vd-ask" data-testid="vd-upload-question">
          <p>{t("files.asked")}</p>
          <blockquote>{question}</blockquote>
          <p>{t("files.answerHint")}</p>
        </div>
      ) : (
        <p className="field__hint">{t("files.uploadHint")}</p>
      )}
      <div className="vd-fields">
        <SelectField
          label={t("files.label")}
          value={kind}
          onChange={(e) => setKind(e.currentTarget.value)}
          options={[
            ...VEHICLE_DOC_FILE_LABELS.map((l) => [l, t(`files.labels.${l.replace(/ /g, "_")}`)] as const),
            [OTHER, t("files.labels.other")],
          ]}
          error={kind === OTHER ? undefined : errors.label}
        />
        {kind === OTHER && (
          <TextField
            label={t("files.own")}
            value={own}
            maxLength={VEHICLE_DOC_FILE_LABEL_MAX}
            autoComplete="off"
            error={errors.label}
            onChange={(e) => setOwn(e.currentTarget.value)}
          />
        )}
        <TextField
          ref={input}
          type="file"
          label={t("files.file")}
          hint={t("files.fileHint")}
          accept={ACCEPT}
          error={errors.file}
          onChange={() => setErrors((x) => ({ ...x, file: undefined }))}
        />
      </div>
      <FormAlert message={apiError} />
      <FormAlert tone="success" message={upload.isSuccess ? t("files.uploaded") : null} />
      <button type="submit" className="button button--accent" disabled={upload.isPending}>
        {upload.isPending ? t("files.uploading") : question ? t("files.sendAnswer") : t("files.upload")}
      </button>
    </form>
  );
}
