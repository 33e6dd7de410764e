import type { AdminPark } from "@parkwell/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../lib/form-errors";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { ImageUploadForm, imageUploadTexts } from "../ui/image-upload-form";
import { deletePhoto, orderPhotos, parkQuery, uploadPhoto } from "./api";

/**
 * The park's photos as drivers see them on its page, in order: upload (the back office's one
 * ImageUploadForm), move, delete after a confirmation.
 */
export function ParkPhotos({ park, editable }: { park: AdminPark; editable: boolean }) {
  const { t } = useTranslation(["admin-parks", "auth"]);
  const client = useQueryClient();
  const [removing, setRemoving] = useState<number | null>(null);

  const done = (result: AdminPark) => {
    client.setQueryData(parkQuery(park.id).queryKey, result);
    void client.invalidateQueries({ queryKey: ["admin", "parks"] });
  };
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
        <ImageUploadForm
          texts={imageUploadTexts(t, "photos")}
          send={(file, alt, onProgress) => uploadPhoto(park.id, file, alt, onProgress)}
          onUploaded={done}
        >
          {move.isError && <p role="alert">{errorText(t, move.error)}</p>}
        </ImageUploadForm>
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
