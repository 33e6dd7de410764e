import { MARKET_IMAGE_MAX_BYTES, MARKET_ITEM_MAX_IMAGES, type AdminMarketItem } from "@parkwell/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../../components/ui/form-field";
import { FormAlert } from "../../../components/ui/form-alert";
import { errorText } from "../../../lib/form-errors";
import { loc } from "../orders/format";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { itemQuery, uploadItemImage, removeItemImage } from "./api";

/** The item's images, the first the main one: upload (JPEG, PNG or WebP up to 5 MB) and remove. */
export function ItemImages({ item, editable }: { item: AdminMarketItem; editable: boolean }) {
  const { t, i18n } = useTranslation(["admin-marketplace", "auth"]);
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const done = (next: AdminMarketItem) => {
    client.setQueryData(itemQuery(item.id).queryKey, next);
    return client.invalidateQueries({ queryKey: ["admin", "marketplace", "items"] });
  };
  const upload = useMutation({
    mutationFn: (f: File) => uploadItemImage(item.id, f),
    onSuccess: async (next) => {
      setFile(null);
      setInputKey((k) => k + 1);
      await done(next);
    },
  });
  const remove = useMutation({
    mutationFn: (n: number) => removeItemImage(item.id, n),
    onSuccess: async (next) => {
      setRemoving(null);
      await done(next);
    },
  });
  const name = loc(item.name, i18n.language);
  const tooBig = file !== null && file.size > MARKET_IMAGE_MAX_BYTES;
  return (
    <section className="admin-park-section" aria-labelledby="item-images">
      <h2 id="item-images">{t("images.title")}</h2>
      {item.images.length === 0 ? (
        <p className="admin-park-muted">{t("images.none")}</p>
      ) : (
        <ul className="mp-images">
          {item.images.map((url, n) => (
            <li key={url}>
              <img src={url} alt={t("images.alt", { name, n: n + 1 })} width={120} height={120} />
              {n === 0 && <span className="admin-park-muted">{t("images.main")}</span>}
              {editable && (
                <button type="button" className="button" onClick={() => setRemoving(n)}>
                  {t("delivery.remove")}
                  <span className="visually-hidden"> {t("images.alt", { name, n: n + 1 })}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && item.images.length < MARKET_ITEM_MAX_IMAGES && (
        <form
          className="mp-inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (file && !tooBig) upload.mutate(file);
          }}
        >
          <TextField
            key={inputKey}
            type="file"
            label={t("images.choose")}
            hint={t("images.hint")}
            accept="image/jpeg,image/png,image/webp"
            error={tooBig ? t("images.tooBig") : undefined}
            onChange={(e) => {
              upload.reset();
              setFile(e.target.files?.[0] ?? null);
            }}
          />
          <button type="submit" className="button" disabled={!file || tooBig || upload.isPending}>
            {upload.isPending ? t("images.uploading") : t("images.upload")}
          </button>
        </form>
      )}
      <FormAlert message={upload.isError ? errorText(t, upload.error) : null} />
      <ConfirmDialog
        open={removing !== null}
        title={t("images.removeTitle")}
        message={t("images.removeMessage", { name })}
        confirmLabel={t("delivery.remove")}
        danger
        busy={remove.isPending}
        error={remove.isError ? errorText(t, remove.error) : null}
        onConfirm={() => removing !== null && remove.mutate(removing)}
        onCancel={() => {
          setRemoving(null);
          remove.reset();
        }}
      />
    </section>
  );
}
