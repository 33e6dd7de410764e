import { PARK_PHOTO_MAX_BYTES, PARK_PHOTO_TYPES } from "@parkwell/contract";
import { useMutation } from "@tanstack/react-query";
import { useId, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../components/ui/form-field";
import { errorText } from "../../../lib/form-errors";

/** The form's words, in the page's own catalogue. */
export interface ImageUploadTexts {
  /** The file field's label. */
  file: string;
  hint: string;
  alt: string;
  /** The preview's alt text. */
  preview: string;
  progress: string;
  /** Said when the form is sent without a file. */
  choose: string;
  /** Said for a file of another type, and for one over the size. */
  type: string;
  size: string;
  upload: string;
  uploading: string;
}

const TEXT_KEYS = [
  "file",
  "hint",
  "alt",
  "preview",
  "progress",
  "choose",
  "type",
  "size",
  "upload",
  "uploading",
] as const satisfies readonly (keyof ImageUploadTexts)[];

/** The form's words from a catalogue's group (`photos.file`, `photos.hint`...), each named as the form's. */
export function imageUploadTexts(t: (key: string) => string, group: string): ImageUploadTexts {
  const texts = {} as ImageUploadTexts;
  for (const key of TEXT_KEYS) texts[key] = t(`${group}.${key}`);
  return texts;
}

/**
 * The back office's one image upload (a park's photos, a blog post's cover): JPEG, PNG or WebP up
 * to 5 MB, checked before sending (the server checks the content again and re-encodes it), with
 * its alt text, a preview, its progress and the server's refusal; emptied once the image is taken.
 */
export function ImageUploadForm<T>({
  texts,
  send,
  onUploaded,
  children,
}: {
  texts: ImageUploadTexts;
  /** Sends the image and its alt text, reporting the part sent (0 to 1). */
  send: (file: File, alt: string, onProgress: (sent: number) => void) => Promise<T>;
  onUploaded: (result: T) => void;
  /** What the page says besides, above the button (another action's refusal). */
  children?: ReactNode;
}) {
  const { t } = useTranslation("auth");
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [alt, setAlt] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);

  const upload = useMutation({
    mutationFn: () => send(file!, alt, setProgress),
    onSuccess: (result) => {
      onUploaded(result);
      setFile(null);
      setAlt("");
      if (preview) URL.revokeObjectURL(preview);
      setPreview(null);
      setProgress(null);
      if (input.current) input.current.value = "";
    },
    onError: () => setProgress(null),
  });

  const choose = (f: File | undefined) => {
    setLocalError(null);
    upload.reset();
    if (preview) URL.revokeObjectURL(preview);
    setPreview(null);
    setFile(null);
    if (!f) return;
    if (!(PARK_PHOTO_TYPES as readonly string[]).includes(f.type)) return setLocalError(texts.type);
    if (f.size > PARK_PHOTO_MAX_BYTES) return setLocalError(texts.size);
    setFile(f);
    setPreview(URL.createObjectURL(f));
  };

  return (
    <form
      className="admin-park-upload"
      onSubmit={(e) => {
        e.preventDefault();
        if (!file) return setLocalError(texts.choose);
        upload.mutate();
      }}
    >
      <div className="field">
        <label htmlFor={fileId}>{texts.file}</label>
        <input
          ref={input}
          id={fileId}
          type="file"
          accept={PARK_PHOTO_TYPES.join(",")}
          onChange={(e) => choose(e.target.files?.[0])}
          aria-describedby={`${fileId}-hint`}
        />
        <small id={`${fileId}-hint`}>{texts.hint}</small>
      </div>
      <TextField
        label={texts.alt}
        id={`${fileId}-alt`}
        value={alt}
        maxLength={200}
        onChange={(e) => setAlt(e.target.value)}
      />
      {preview && <img className="admin-park-upload__preview" src={preview} alt={texts.preview} />}
      {progress !== null && (
        <progress max={1} value={progress} aria-label={texts.progress}>
          {Math.round(progress * 100)}%
        </progress>
      )}
      {(localError || upload.isError) && <p role="alert">{localError ?? errorText(t, upload.error)}</p>}
      {children}
      <div className="admin-park-actions">
        <button type="submit" className="button button--accent" disabled={upload.isPending}>
          {upload.isPending ? texts.uploading : texts.upload}
        </button>
      </div>
    </form>
  );
}
