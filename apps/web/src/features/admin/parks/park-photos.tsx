import { PARK_PHOTO_MAX_BYTES, PARK_PHOTO_TYPES, type AdminPark } from "@parkwell/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../lib/form-errors";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { deletePhoto, orderPhotos, parkQuery, uploadPhoto } from "./api";

/**
 * The park's photos as drivers see them on its page, in order: upload (JPEG, PNG or WebP up to
 * 5 MB; the server checks the content and re-encodes it) with its progress and a preview, move,
 * delete after a confirmation.
 */
export function ParkPhotos({ park, editable }: { park: AdminPark; editable: boolean }) {
  const { t } = useTranslation(["admin-parks", "auth"]);
  const client = useQueryClient();
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [alt, setAlt] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);

  const done = (result: AdminPark) => {
    client.setQueryData(parkQuery(park.id).queryKey, result);
    void client.invalidateQueries({ queryKey: ["admin", "parks"] });
  };
  const upload = useMutation({
    mutationFn: () => uploadPhoto(park.id, file!, alt, setProgress),
    onSuccess: (result) => {
      done(result);
      setFile(null);
      setAlt("");
      if (preview) URL.revokeObjectURL(preview);
      setPreview(null);
      setProgress(null);
      if (input.current) input.current.value = "";
    },
    onError: () => setProgress(null),
  });
  const remove = useMutation({
    mutationFn: (n: number) => deletePhoto(park.id, n),
    onSuccess: (result) => {
      setRemoving(null);
      done(result);
    },
  });
  const move = useMutation({
    mutationFn: (order: number[]) => orderPhotos(park.id, order),
    onSuccess: done,
  });

  const choose = (f: File | undefined) => {
    setLocalError(null);
    upload.reset();
    if (preview) URL.revokeObjectURL(preview);
    setPreview(null);
    setFile(null);
    if (!f) return;
    if (!(PARK_PHOTO_TYPES as readonly string[]).includes(f.type)) return setLocalError(t("photos.type"));
    if (f.size > PARK_PHOTO_MAX_BYTES) return setLocalError(t("photos.size"));
    setFile(f);
    setPreview(URL.createObjectURL(f));
  };
  const swap = (i: number, j: number) => {
    const order = park.photos.map((_, k) => k);
    [order[i], order[j]] = [order[j]!, order[i]!];
    move.mutate(order);
  };

  return (
    <section className="admin-park-section">
      <h2>{t("sections.photos")}</h2>
      {park.photos.length === 0 ? (
        <p className="admin-park-muted">{t("photos.none")}</p>
      ) : (
        <ol className="admin-park-photos">
          {park.photos.map((p, i) => (
            <li key={p.url}>
              <img src={p.thumb_url ?? p.url} alt={p.alt} loading="lazy" />
              {editable && (
                <div className="admin-park-photos__actions">
                  <button
                    type="button"
                    className="button"
                    disabled={i === 0 || move.isPending}
                    onClick={() => swap(i, i - 1)}
                  >
                    {t("photos.earlier")}
                  </button>
                  <button
                    type="button"
                    className="button"
                    disabled={i === park.photos.length - 1 || move.isPending}
                    onClick={() => swap(i, i + 1)}
                  >
                    {t("photos.later")}
                  </button>
                  <button type="button" className="button button--danger" onClick={() => setRemoving(i)}>
                    {t("photos.delete")}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {editable && (
        <form
          className="admin-park-upload"
          onSubmit={(e) => {
            e.preventDefault();
            if (!file) return setLocalError(t("photos.choose"));
            upload.mutate();
          }}
        >
          <div className="field">
            <label htmlFor={fileId}>{t("photos.file")}</label>
            <input
              ref={input}
              id={fileId}
              type="file"
              accept={PARK_PHOTO_TYPES.join(",")}
              onChange={(e) => choose(e.target.files?.[0])}
              aria-describedby={`${fileId}-hint`}
            />
            <small id={`${fileId}-hint`}>{t("photos.hint")}</small>
          </div>
          <div className="field">
            <label htmlFor={`${fileId}-alt`}>{t("photos.alt")}</label>
            <input
              id={`${fileId}-alt`}
              value={alt}
              maxLength={200}
              onChange={(e) => setAlt(e.target.value)}
            />
          </div>
          {preview && <img className="admin-park-upload__preview" src={preview} alt={t("photos.preview")} />}
          {progress !== null && (
            <progress max={1} value={progress} aria-label={t("photos.progress")}>
              {Math.round(progress * 100)}%
            </progress>
          )}
          {(localError || upload.isError) && <p role="alert">{localError ?? errorText(t, upload.error)}</p>}
          {move.isError && <p role="alert">{errorText(t, move.error)}</p>}
          <div className="admin-park-actions">
            <button type="submit" className="button button--accent" disabled={upload.isPending}>
              {upload.isPending ? t("photos.uploading") : t("photos.upload")}
            </button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t("photos.deleteTitle")}
        message={t("photos.deleteMessage")}
        confirmLabel={t("photos.delete")}
        danger
        busy={remove.isPending}
        error={remove.isError ? errorText(t, remove.error) : null}
        onConfirm={() => remove.mutate(removing!)}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
