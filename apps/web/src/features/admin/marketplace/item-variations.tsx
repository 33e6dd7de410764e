import {
  AdminMarketVariationBodySchema,
  type AdminMarketItem,
  type AdminMarketVariation,
} from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { errorText } from "../../../lib/form-errors";
import { formatMoney, parseNumber } from "../../../lib/format";
import { useCan } from "../me";
import { loc } from "../orders/format";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { attributeOptionsQuery, createVariation, itemQuery, updateVariation } from "./api";
import { errorOf, FixedField, LocalisedFields, numOrNull, StatusField } from "./catalogue-lists";
import { StatusBadge } from "./widgets";
import { RecordDialog } from "./record-dialog";

interface VariationValues {
  attribute_id: string;
  value_en: string;
  value_fr: string;
  price: string;
  stock: string;
  position: string;
  status: string;
}

/** The item's variations: a row each, added and edited in a dialog, deactivated after a question. */
export function Variations({ item }: { item: AdminMarketItem }) {
  const { t, i18n } = useTranslation(["admin-marketplace", "auth"]);
  const lang = i18n.language;
  const can = useCan();
  const client = useQueryClient();
  const attributes = useQuery(attributeOptionsQuery);
  const [editing, setEditing] = useState<AdminMarketVariation | "new" | null>(null);
  const [deactivating, setDeactivating] = useState<AdminMarketVariation | null>(null);
  const mayEdit = can("marketplace.update");
  const stored = (next: AdminMarketItem) => {
    client.setQueryData(itemQuery(item.id).queryKey, next);
    return client.invalidateQueries({ queryKey: ["admin", "marketplace", "items"] });
  };
  const deactivate = useMutation({
    mutationFn: (v: AdminMarketVariation) => updateVariation(item.id, v.id, { status: "inactive" }),
    onSuccess: async (next) => {
      setDeactivating(null);
      await stored(next);
    },
  });
  // All variations of an item share one attribute: a new one starts on the item's.
  const attributeId = item.variations[0]?.attribute.id;
  const editingRecord = editing === "new" ? null : editing;
  const name = (v: AdminMarketVariation) => `${loc(v.attribute.name, lang)}: ${loc(v.value, lang)}`;

  return (
    <section className="admin-park-section" aria-labelledby="item-variations">
      <div className="mp-section-head">
        <h2 id="item-variations">{t("variations.title")}</h2>
        {mayEdit && (
          <button type="button" className="button" onClick={() => setEditing("new")}>
            {t("variations.add")}
          </button>
        )}
      </div>
      <p className="admin-park-muted">{t("variations.hint")}</p>
      {item.variations.length === 0 ? (
        <p>{t("variations.none")}</p>
      ) : (
        <div className="admin-table__scroll" role="region" aria-labelledby="item-variations" tabIndex={0}>
          <table className="mp-lines">
            <thead>
              <tr>
                <th scope="col">{t("variations.variation")}</th>
                <th scope="col" className="admin-table__num">
                  {t("columns.price")}
                </th>
                <th scope="col" className="admin-table__num">
                  {t("columns.stock")}
                </th>
                <th scope="col" className="admin-table__num">
                  {t("columns.position")}
                </th>
                <th scope="col">{t("columns.status")}</th>
                {mayEdit && (
                  <th scope="col">
                    <span className="visually-hidden">{t("actions")}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {item.variations.map((v) => (
                <tr key={v.id}>
                  <th scope="row">{name(v)}</th>
                  <td className="admin-table__num">{formatMoney(v.price.amount, v.price.currency, lang)}</td>
                  <td className="admin-table__num">{v.stock ?? "—"}</td>
                  <td className="admin-table__num">{v.position}</td>
                  <td>
                    <StatusBadge status={v.status} />
                  </td>
                  {mayEdit && (
                    <td className="mp-row-actions">
                      <button type="button" className="button" onClick={() => setEditing(v)}>
                        {t("edit")}
                        <span className="visually-hidden"> {name(v)}</span>
                      </button>
                      {v.status === "active" && (
                        <button
                          type="button"
                          className="button button--danger"
                          onClick={() => setDeactivating(v)}
                        >
                          {t("variations.deactivate")}
                          <span className="visually-hidden"> {name(v)}</span>
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={deactivating !== null}
        title={t("variations.deactivateTitle")}
        message={deactivating ? t("variations.deactivateMessage", { name: name(deactivating) }) : ""}
        confirmLabel={t("variations.deactivate")}
        danger
        busy={deactivate.isPending}
        error={deactivate.isError ? errorText(t, deactivate.error) : null}
        onConfirm={() => deactivating && deactivate.mutate(deactivating)}
        onCancel={() => {
          setDeactivating(null);
          deactivate.reset();
        }}
      />
      {editing !== null && (
        <RecordDialog<VariationValues, typeof AdminMarketVariationBodySchema>
          open
          title={editingRecord ? t("variations.edit", { name: name(editingRecord) }) : t("variations.add")}
          schema={AdminMarketVariationBodySchema}
          values={{
            attribute_id: String(editingRecord?.attribute.id ?? attributeId ?? ""),
            value_en: editingRecord?.value.en ?? "",
            value_fr: editingRecord?.value.fr ?? "",
            price: editingRecord ? String(editingRecord.price.amount) : String(item.price.amount),
            stock: editingRecord?.stock == null ? "" : String(editingRecord.stock),
            position: String(editingRecord?.position ?? item.variations.length),
            status: editingRecord?.status ?? "active",
          }}
          toInput={(v) => ({
            attribute_id: numOrNull(v.attribute_id, lang) ?? Number.NaN,
            value: { en: v.value_en, fr: v.value_fr },
            price: parseNumber(v.price, lang),
            stock: item.kind === "service" ? null : numOrNull(v.stock, lang),
            position: parseNumber(v.position, lang),
            status: v.status,
          })}
          save={async (body) => {
            const next = editingRecord
              ? await updateVariation(item.id, editingRecord.id, {
                  value: body.value,
                  price: body.price,
                  stock: body.stock,
                  position: body.position,
                  status: body.status,
                })
              : await createVariation(item.id, body);
            client.setQueryData(itemQuery(item.id).queryKey, next);
          }}
          onClose={() => setEditing(null)}
          onSaved={() => client.invalidateQueries({ queryKey: ["admin", "marketplace", "items"] })}
          submitLabel={editingRecord ? t("save") : t("variations.add")}
        >
          {(form) => (
            <>
              {editingRecord || attributeId ? (
                <FixedField
                  label={t("variations.attribute")}
                  value={loc((editingRecord ?? item.variations[0])?.attribute.name, lang)}
                  hint={t("variations.oneAttribute")}
                />
              ) : (
                <SelectField
                  label={t("variations.attribute")}
                  options={[
                    ["", t("variations.chooseAttribute")],
                    ...(attributes.data?.items ?? []).map((a) => [String(a.id), loc(a.name, lang)] as const),
                  ]}
                  error={errorOf(form, "attribute_id")}
                  {...form.register("attribute_id")}
                />
              )}
              <LocalisedFields form={form} field="value" label={t("variations.value")} />
              <TextField
                label={t("form.priceMajor")}
                inputMode="decimal"
                required
                error={errorOf(form, "price")}
                {...form.register("price")}
              />
              {item.kind === "product" && (
                <TextField
                  label={t("columns.stock")}
                  inputMode="numeric"
                  required
                  error={errorOf(form, "stock")}
                  {...form.register("stock")}
                />
              )}
              <TextField
                label={t("columns.position")}
                inputMode="numeric"
                error={errorOf(form, "position")}
                {...form.register("position")}
              />
              <StatusField form={form} />
            </>
          )}
        </RecordDialog>
      )}
    </section>
  );
}
