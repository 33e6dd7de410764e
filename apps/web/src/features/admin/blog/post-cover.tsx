import type { AdminBlogPost } from "@parkwell/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../lib/form-errors";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { ImageUploadForm, imageUploadTexts } from "../ui/image-upload-form";
import { blogPostQuery, removeCover, uploadCover } from "./api";

/**
 * The post's cover, uploaded as a park photo is (the back office's one ImageUploadForm); removed
 * after a confirmation. Only once the post exists: the cover is stored under the post's id.
 */
export function PostCover({ post, editable }: { post: AdminBlogPost; editable: boolean }) {
  const { t } = useTranslation(["admin-blog", "auth"]);
  const client = useQueryClient();
  const [removing, setRemoving] = useState(false);

  const done = (result: AdminBlogPost) => {
    client.setQueryData(blogPostQuery(post.id).queryKey, result);
    void client.invalidateQueries({ queryKey: ["admin", "blog", "posts"] });
  };
  const remove = useMutation({
    mutationFn: () => removeCover(post.id),
    onSuccess: (result) => {
      setRemoving(false);
      done(result);
    },
  });

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
        <ImageUploadForm
          texts={{
            ...imageUploadTexts(t, "cover"),
            ...(post.cover ? { file: t("cover.replaceFile") } : {}),
          }}
          send={(file, alt, onProgress) => uploadCover(post.id, file, alt, onProgress)}
          onUploaded={done}
        />
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
