import { AdminMarketItemCreateSchema, ITEM_KINDS, type AdminMarketItem } from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { z } from "zod";
import { SelectField, TextAreaField, TextField } from "../../../components/ui/form-field";
import { FormAlert } from "../../../components/ui/form-alert";
import { firstServedCountryCode } from "../../../lib/country";
import { errorText, formAlertText, serverFields } from "../../../lib/form-errors";
import { formatMoney, parseNumber } from "../../../lib/format";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { useCan } from "../me";
import { loc } from "../orders/format";
import { PageHeader } from "../ui/page-header";
import { ParkPicker } from "../ui/park-picker";
import { LoadingState } from "../ui/states";
import { addonOptionsQuery, categoryOptionsQuery, createItem, itemQuery, updateItem } from "./api";
import { errorOf, FixedField, LocalisedFields, numOrNull, StatusField } from "./catalogue-lists";
import { MarketTabs, StatusBadge, useCountryOptions } from "./widgets";
import { formName } from "./record-dialog";
import { ItemImages } from "./item-images";
import { Variations } from "./item-variations";

interface ItemValues {
  country_code: string;
  kind: string;
  category_id: string;
  name_en: string;
  name_fr: string;
  description_en: string;
  description_fr: string;
  price: string;
  stock: string;
  daily_capacity: string;
  duration_minutes: string;
  status: string;
  addon_ids: string[];
  park_ids: string[];
}

/** The item's rules with the back office's texts for the kind's fields. */
const ItemFormSchema = z.object(AdminMarketItemCreateSchema.shape).superRefine((v, ctx) => {
  const issue = (path: string, key: string) =>
    ctx.addIssue({ code: "custom", path: [path], message: key, params: { key: `admin-marketplace:${key}` } });
  if (v.kind === "service" && v.daily_capacity == null) issue("daily_capacity", "form.capacityNeeded");
});

function valuesOf(item: AdminMarketItem | undefined): ItemValues {
  return {
    country_code: item?.country_code ?? firstServedCountryCode(),
    kind: item?.kind ?? "product",
    category_id: item ? String(item.category.id) : "",
    name_en: item?.name.en ?? "",
    name_fr: item?.name.fr ?? "",
    description_en: item?.description.en ?? "",
    description_fr: item?.description.fr ?? "",
    price: item ? String(item.price.amount) : "",
    stock: item?.stock == null ? "" : String(item.stock),
    daily_capacity: item?.daily_capacity == null ? "" : String(item.daily_capacity),
    duration_minutes: item?.duration_minutes == null ? "" : String(item.duration_minutes),
    status: item?.status ?? "active",
    addon_ids: (item?.addons ?? []).map((a) => String(a.id)),
    park_ids: (item?.parks ?? []).map((p) => String(p.id)),
  };
}

function inputOf(v: ItemValues, lang: string) {
  const service = v.kind === "service";
  return {
    country_code: v.country_code,
    kind: v.kind,
    category_id: numOrNull(v.category_id, lang) ?? Number.NaN,
    name: { en: v.name_en, fr: v.name_fr },
    description: { en: v.description_en, fr: v.description_fr },
    price: parseNumber(v.price, lang),
    stock: service ? null : numOrNull(v.stock, lang),
    daily_capacity: service ? numOrNull(v.daily_capacity, lang) : null,
    duration_minutes: service ? numOrNull(v.duration_minutes, lang) : null,
    status: v.status,
    addon_ids: (v.addon_ids || []).map(Number),
    park_ids: service ? (v.park_ids || []).map(Number) : [],
  };
}

/** /admin/marketplace/items/new and /admin/marketplace/items/{id}: the item and its variations. */
export function ItemEditor() {
  const { t } = useTranslation(["admin-marketplace", "auth"]);
  const { id } = useParams();
  const itemId = id ? Number(id) : null;
  const item = useQuery({ ...itemQuery(itemId ?? 0), enabled: itemId !== null && Number.isInteger(itemId) });
  // The category's select shows the saved one only if its options are there when it mounts.
  const categories = useQuery(categoryOptionsQuery);
  if ((itemId !== null && item.isPending) || categories.isPending)
    return <LoadingState text={t("loading")} />;
  if (itemId !== null && (item.isError || !item.data)) {
    return (
      <>
        <PageHeader title={t("items.title")} />
        <FormAlert message={errorText(t, item.error)} />
        <Link to="..">{t("items.back")}</Link>
      </>
    );
  }
  return <ItemForm key={itemId ?? "new"} item={item.data} />;
}

function ItemForm({ item }: { item: AdminMarketItem | undefined }) {
  const { t, i18n } = useTranslation(["admin-marketplace", "auth"]);
  const lang = i18n.language;
  const can = useCan();
  const navigate = useNavigate();
  const client = useQueryClient();
  const editable = item ? can("marketplace.update") : can("marketplace.create");
  const form = useSchemaForm<ItemValues, typeof ItemFormSchema>({
    schema: ItemFormSchema,
    defaultValues: valuesOf(item),
    toInput: (v) => inputOf(v, lang),
  });
  const { register } = form;
  const country = form.watch("country_code");
  const kind = form.watch("kind");
  const countries = useCountryOptions();
  const categories = useQuery(categoryOptionsQuery);
  const addons = useQuery(addonOptionsQuery(country));
  // A service's parks: the user's active parks in the item's country, for the change the form makes
  // (the list alone to read for whoever may only view the item).
  const change = item ? "marketplace.update" : "marketplace.create";
  const parkPermission = can(change) ? change : "marketplace.view";
  const [saved, setSaved] = useState(false);

  const save = useMutation({
    mutationFn: (body: z.output<typeof ItemFormSchema>) => {
      if (!item) return createItem(body);
      // Country and kind stay; the images are uploaded and removed one by one (ItemImages).
      const { country_code: _c, kind: _k, images: _i, ...patch } = body;
      return updateItem(item.id, patch);
    },
    onMutate: () => setSaved(false),
    onSuccess: async (result) => {
      setSaved(true);
      client.setQueryData(itemQuery(result.id).queryKey, result);
      await client.invalidateQueries({ queryKey: ["admin", "marketplace", "items"] });
      if (!item) void navigate(`../${result.id}`, { relative: "path" });
    },
    onError: (err) => {
      for (const [field, message] of Object.entries(serverFields(err))) {
        const name = formName(field).replace(/_\d+$/, "");
        if (name in form.getValues()) form.setError(name as keyof ItemValues, { type: "server", message });
      }
    },
  });
  // The server's field messages shown at this form's fields; what none shows goes to the alert.
  const shownFields = Object.keys(serverFields(save.error)).filter(
    (field) => formName(field).replace(/_\d+$/, "") in form.getValues(),
  );

  return (
    <>
      <PageHeader
        title={item ? loc(item.name, lang) : t("items.new")}
        description={
          item ? (
            <>
              {t(`kinds.${item.kind}`)} · {item.country_code} · <StatusBadge status={item.status} /> ·{" "}
              {t("items.soldCount", { count: item.sold })}
            </>
          ) : (
            t("items.newDescription")
          )
        }
        actions={
          <Link className="button" to="..">
            {t("items.back")}
          </Link>
        }
      />
      <MarketTabs />
      <form className="admin-park-form" noValidate onSubmit={form.handleSubmit((body) => save.mutate(body))}>
        <fieldset disabled={!editable || save.isPending}>
          <section className="admin-park-section">
            <h2>{t("items.details")}</h2>
            <div className="admin-park-grid">
              {item ? (
                <>
                  <FixedField
                    label={t("filters.country")}
                    value={countries.find(([c]) => c === item.country_code)?.[1] ?? item.country_code}
                    hint={t("form.countryFixed")}
                  />
                  <FixedField label={t("form.kind")} value={t(`kinds.${item.kind}`)} />
                </>
              ) : (
                <>
                  <SelectField
                    label={t("filters.country")}
                    options={countries}
                    error={errorOf(form, "country_code")}
                    {...register("country_code", {
                      onChange: () => {
                        form.setValue("addon_ids", []);
                        form.setValue("park_ids", []);
                      },
                    })}
                  />
                  <SelectField
                    label={t("form.kind")}
                    options={ITEM_KINDS.map((k) => [k, t(`kinds.${k}`)] as const)}
                    error={errorOf(form, "kind")}
                    {...register("kind")}
                  />
                </>
              )}
              <SelectField
                label={t("form.category")}
                required
                options={[
                  ["", t("form.chooseCategory")],
                  ...(categories.data?.items ?? []).map((c) => [String(c.id), loc(c.name, lang)] as const),
                ]}
                error={errorOf(form, "category_id")}
                {...register("category_id")}
              />
              <StatusField form={form} />
              <LocalisedFields form={form} field="name" label={t("columns.name")} />
            </div>
            <div className="admin-park-texts">
              <div lang="en">
                <TextAreaField
                  label={t("form.inEnglish", { label: t("form.description") })}
                  rows={4}
                  error={errorOf(form, "description")}
                  {...register("description_en")}
                />
              </div>
              <div lang="fr">
                <TextAreaField
                  label={t("form.inFrench", { label: t("form.description") })}
                  rows={4}
                  {...register("description_fr")}
                />
              </div>
            </div>
          </section>

          <section className="admin-park-section">
            <h2>{t("items.priceAndStock")}</h2>
            <div className="admin-park-grid">
              <TextField
                label={t("form.priceMajor")}
                hint={item && item.variations.length > 0 ? t("form.priceWithVariations") : undefined}
                inputMode="decimal"
                required
                error={errorOf(form, "price")}
                {...register("price")}
              />
              {kind === "product" ? (
                <TextField
                  label={t("columns.stock")}
                  hint={t("form.stockHint")}
                  inputMode="numeric"
                  error={errorOf(form, "stock")}
                  {...register("stock")}
                />
              ) : (
                <>
                  <TextField
                    label={t("form.dailyCapacity")}
                    hint={t("form.capacityHint")}
                    inputMode="numeric"
                    required
                    error={errorOf(form, "daily_capacity")}
                    {...register("daily_capacity")}
                  />
                  <TextField
                    label={t("form.duration")}
                    inputMode="numeric"
                    error={errorOf(form, "duration_minutes")}
                    {...register("duration_minutes")}
                  />
                </>
              )}
            </div>
          </section>

          <section className="admin-park-section">
            <h2>{t("items.addonsAndParks")}</h2>
            <fieldset className="mp-checks">
              <legend>{t("form.addons")}</legend>
              {(addons.data?.items ?? []).length === 0 && (
                <p className="admin-park-muted">{t("form.noAddons", { country })}</p>
              )}
              {(addons.data?.items ?? []).map((a) => (
                <label key={a.id} className="admin-check">
                  <input type="checkbox" value={String(a.id)} {...register("addon_ids")} />
                  {loc(a.name, lang)} ({formatMoney(a.price.amount, a.price.currency, lang)})
                  {a.status === "inactive" && (
                    <span className="admin-park-muted"> · {t("status.inactive")}</span>
                  )}
                </label>
              ))}
              {errorOf(form, "addon_ids") && <p className="field__error">{errorOf(form, "addon_ids")}</p>}
            </fieldset>
            {kind === "service" && (
              <fieldset className="mp-checks">
                <legend>{t("form.serviceParks")}</legend>
                <ParkPicker
                  permission={parkPermission}
                  country={country}
                  field={register("park_ids")}
                  className="admin-check"
                  empty={<p className="admin-park-muted">{t("form.noParks", { country })}</p>}
                />
                {errorOf(form, "park_ids") && <p className="field__error">{errorOf(form, "park_ids")}</p>}
              </fieldset>
            )}
          </section>

          <FormAlert message={formAlertText(t, save.error, shownFields)} />
          {saved && !save.isPending && (
            <p role="status" className="admin-park-saved">
              {t("saved")}
            </p>
          )}
          {editable && (
            <div className="admin-park-actions">
              <button type="submit" className="button button--accent">
                {save.isPending ? t("saving") : item ? t("save") : t("create")}
              </button>
            </div>
          )}
        </fieldset>
      </form>
      {item && <ItemImages item={item} editable={can("marketplace.update")} />}
      {item && <Variations item={item} />}
    </>
  );
}
