import { PARK_PHOTO_MAX_BYTES, PARK_PHOTO_TYPES, type AdminBlogPost } from "@parkwell/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../lib/form-errors";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { blogPostQuery, removeCover, uploadCover } from "./api";

/**
 * The post's cover, uploaded as a park photo is (JPEG, PNG or WebP up to 5 MB; the server checks
 * the content and re-encodes it) with its alt text, its progress and a preview; removed after a
 * confirmation. Only once the post exists: the cover is stored under the post's id.
 */
export function PostCover({ post, editable }: { post: AdminBlogPost; editable: boolean }) {
  const { t } = useTranslation(["admin-blog", "auth"]);
  const client = useQueryClient();
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [alt, setAlt] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);

  const done = (result: AdminBlogPost) => {
    client.setQueryData(blogPostQuery(post.id).queryKey, result);
    void client.invalidateQueries({ queryKey: ["admin", "blog", "posts"] });
  };
  const upload = useMutation({
    mutationFn: () => uploadCover(post.id, file!, alt, setProgress),
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
    mutationFn: () => removeCover(post.id),
    onSuccess: (result) => {
      setRemoving(false);
      done(result);
    },
  });

  const choose = (f: File | undefined) => {
    setLocalError(null);
    upload.reset();
    if (preview) URL.revokeObjectURL(preview);
    setPreview(null);
    setFile(null);
    if (!f) return;
    if (!(PARK_PHOTO_TYPES as readonly string[]).includes(f.type)) return setLocalError(t("cover.type"));
    if (f.size > PARK_PHOTO_MAX_BYTES) return setLocalError(t("cover.size"));
    setFile(f);
    setPreview(URL.createObjectURL(f));
  };

  return (
    <section className="admin-park-section">
      <h2>{t("cover.title")}</h2>
      {post.cover ? (
        <figure className="blog-cover">
          <img src={post.cover.thumb_url} alt={post.cover.alt} />
          <figcaption className="admin-park-muted">
            {post.cover.alt ? t("cover.altShown", { alt: post.cover.alt }) : t("cover.noAlt")}
          </figcaption>
          {editable && (
            <button type="button" className="button button--danger" onClick={() => setRemoving(true)}>
              {t("cover.remove")}
            </button>
          )}
        </figure>
      ) : (
        <p className="admin-park-muted">{t("cover.none")}</p>
      )}
      {editable && (
        <form
          className="admin-park-upload"
          onSubmit={(e) => {
            e.preventDefault();
            if (!file) return setLocalError(t("cover.choose"));
            upload.mutate();
          }}
        >
          <div className="field">
            <label htmlFor={fileId}>{post.cover ? t("cover.replaceFile") : t("cover.file")}</label>
            <input
              ref={input}
              id={fileId}
              type="file"
              accept={PARK_PHOTO_TYPES.join(",")}
              onChange={(e) => choose(e.target.files?.[0])}
              aria-describedby={`${fileId}-hint`}
            />
            <small id={`${fileId}-hint`}>{t("cover.hint")}</small>
          </div>
          <div className="field">
            <label htmlFor={`${fileId}-alt`}>{t("cover.alt")}</label>
            <input
              id={`${fileId}-alt`}
              value={alt}
              maxLength={200}
              onChange={(e) => setAlt(e.target.value)}
            />
          </div>
          {preview && <img className="admin-park-upload__preview" src={preview} alt={t("cover.preview")} />}
          {progress !== null && (
            <progress max={1} value={progress} aria-label={t("cover.progress")}>
              {Math.round(progress * 100)}%
            </progress>
          )}
          {(localError || upload.isError) && <p role="alert">{localError ?? errorText(t, upload.error)}</p>}
          <div className="admin-park-actions">
            <button type="submit" className="button button--accent" disabled={upload.isPending}>
              {upload.isPending ? t("cover.uploading") : t("cover.upload")}
            </button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={removing}
        title={t("cover.removeTitle")}
        message={t("cover.removeMessage")}
        confirmLabel={t("cover.remove")}
        danger
        busy={remove.isPending}
        error={remove.isError ? errorText(t, remove.error) : null}
        onConfirm={() => remove.mutate()}
        onCancel={() => {
          setRemoving(false);
          remove.reset();
        }}
      />
    </section>
  );
}
