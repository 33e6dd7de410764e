import {
  AdminMarketAddonBodySchema,
  AdminMarketAttributeBodySchema,
  AdminMarketCategoryBodySchema,
  AdminMarketSliderBodySchema,
  RECORD_STATUSES,
  type AdminMarketAddon,
  type AdminMarketAttribute,
  type AdminMarketCategory,
  type AdminMarketSlider,
} from "@parkwell/contract";
import type { FieldValues, Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { firstServedCountryCode } from "../../../lib/country";
import { formatMoney, parseNumber } from "../../../lib/format";
import type { SchemaForm } from "../../../lib/use-schema-form";
import { loc } from "../orders/format";
import { createRecord, updateRecord } from "./api";
import { RecordListPage, StatusBadge, useCountryOptions } from "./widgets";
import { RecordDialog } from "./record-dialog";

/**
 * An optional number typed in a field, read as the language writes it (parseNumber): "" is null.
 * A required one is parseNumber's (NaN for "": the schema then says the field is required).
 */
export const numOrNull = (s: string, language: string) => (s.trim() === "" ? null : parseNumber(s, language));

/** A field's message, when it has one. */
export function errorOf<V extends FieldValues>(
  form: SchemaForm<V, unknown>,
  name: string,
): string | undefined {
  const found = (form.formState.errors as Record<string, { message?: string } | undefined>)[name];
  return found?.message;
}

/** Both languages of a name: "Name (English)" and "Name (French)". */
export function LocalisedFields<V extends FieldValues>({
  form,
  field,
  label,
  required = true,
}: {
  form: SchemaForm<V, unknown>;
  field: string;
  label: string;
  required?: boolean;
}) {
  const { t } = useTranslation("admin-marketplace");
  // The schema checks { en, fr } as one field: its message goes to the language left blank.
  const whole = errorOf(form, field);
  const enBlank = String(form.getValues(`${field}_en` as Path<V>) ?? "").trim() === "";
  return (
    <>
      <div lang="en">
        <TextField
          label={t("form.inEnglish", { label })}
          required={required}
          error={errorOf(form, `${field}_en`) ?? (enBlank ? whole : undefined)}
          {...form.register(`${field}_en` as Path<V>)}
        />
      </div>
      <div lang="fr">
        <TextField
          label={t("form.inFrench", { label })}
          required={required}
          error={errorOf(form, `${field}_fr`) ?? (enBlank ? undefined : whole)}
          {...form.register(`${field}_fr` as Path<V>)}
        />
      </div>
    </>
  );
}

export function StatusField<V extends FieldValues>({ form }: { form: SchemaForm<V, unknown> }) {
  const { t } = useTranslation("admin-marketplace");
  return (
    <SelectField
      label={t("filters.status")}
      options={RECORD_STATUSES.map((s) => [s, t(`status.${s}`)] as const)}
      error={errorOf(form, "status")}
      {...form.register("status" as Path<V>)}
    />
  );
}

/**
 * A value that cannot change once saved (an item's country, its kind): shown read-only and kept
 * out of the form's controls, so the form keeps the saved value (a disabled control would drop it).
 */
export function FixedField({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return <TextField label={label} value={value} hint={hint} readOnly />;
}

export function CountryField<V extends FieldValues>({
  form,
  disabled,
}: {
  form: SchemaForm<V, unknown>;
  disabled: boolean;
}) {
  const { t } = useTranslation("admin-marketplace");
  const countries = useCountryOptions();
  if (disabled) {
    const code = String(form.getValues("country_code" as Path<V>) ?? "");
    const name = countries.find(([c]) => c === code)?.[1] ?? code;
    return <FixedField label={t("filters.country")} value={name} hint={t("form.countryFixed")} />;
  }
  return (
    <SelectField
      label={t("filters.country")}
      options={countries}
      error={errorOf(form, "country_code")}
      {...form.register("country_code" as Path<V>)}
    />
  );
}

/** What a save sends: a new record whole, an edit without what cannot change. */
const without = <T extends Record<string, unknown>>(body: T, ...keys: string[]) =>
  Object.fromEntries(Object.entries(body).filter(([k]) => !keys.includes(k)));

// Categories ------------------------------------------------------------------------------------

interface CategoryValues {
  slug: string;
  name_en: string;
  name_fr: string;
  icon: string;
  position: string;
  status: string;
}

export function CategoriesPage() {
  const { t, i18n } = useTranslation("admin-marketplace");
  const lang = i18n.language;
  return (
    <RecordListPage
      kind="categories"
      filters={["search", "status"]}
      rowName={(c) => loc(c.name, lang)}
      columns={[
        {
          key: "name",
          header: t("columns.name"),
          cell: (c: AdminMarketCategory) => (
            <>
              <strong>{loc(c.name, lang)}</strong>
              <br />
              <span className="admin-park-code">{c.slug}</span>
            </>
          ),
        },
        { key: "icon", header: t("columns.icon"), cell: (c: AdminMarketCategory) => c.icon },
        {
          key: "position",
          header: t("columns.position"),
          numeric: true,
          cell: (c: AdminMarketCategory) => c.position,
        },
        {
          key: "items",
          header: t("columns.items"),
          numeric: true,
          cell: (c: AdminMarketCategory) => c.items,
        },
        {
          key: "status",
          header: t("columns.status"),
          cell: (c: AdminMarketCategory) => <StatusBadge status={c.status} />,
        },
      ]}
      dialog={({ record, onClose, onSaved }) => (
        <RecordDialog<CategoryValues, typeof AdminMarketCategoryBodySchema>
          open
          title={record ? t("categories.edit", { name: loc(record.name, lang) }) : t("categories.new")}
          schema={AdminMarketCategoryBodySchema}
          values={{
            slug: record?.slug ?? "",
            name_en: record?.name.en ?? "",
            name_fr: record?.name.fr ?? "",
            icon: record?.icon ?? "package",
            position: String(record?.position ?? 0),
            status: record?.status ?? "active",
          }}
          toInput={(v) => ({
            slug: v.slug,
            name: { en: v.name_en, fr: v.name_fr },
            icon: v.icon,
            position: parseNumber(v.position, lang),
            status: v.status,
          })}
          save={(body) =>
            record ? updateRecord("categories", record.id, body) : createRecord("categories", body)
          }
          onClose={onClose}
          onSaved={onSaved}
          submitLabel={record ? t("save") : t("create")}
        >
          {(form) => (
            <>
              <LocalisedFields form={form} field="name" label={t("columns.name")} />
              <TextField
                label={t("columns.slug")}
                hint={t("form.slugHint")}
                required
                error={errorOf(form, "slug")}
                {...form.register("slug")}
              />
              <TextField
                label={t("columns.icon")}
                hint={t("form.iconHint")}
                error={errorOf(form, "icon")}
                {...form.register("icon")}
              />
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
    />
  );
}

// Attributes ------------------------------------------------------------------------------------

interface AttributeValues {
  name_en: string;
  name_fr: string;
  status: string;
}

export function AttributesPage() {
  const { t, i18n } = useTranslation("admin-marketplace");
  const lang = i18n.language;
  return (
    <RecordListPage
      kind="attributes"
      filters={["search", "status"]}
      rowName={(a) => loc(a.name, lang)}
      columns={[
        {
          key: "name",
          header: t("columns.name"),
          cell: (a: AdminMarketAttribute) => <strong>{loc(a.name, lang)}</strong>,
        },
        {
          key: "variations",
          header: t("columns.variations"),
          numeric: true,
          cell: (a: AdminMarketAttribute) => a.variations,
        },
        {
          key: "status",
          header: t("columns.status"),
          cell: (a: AdminMarketAttribute) => <StatusBadge status={a.status} />,
        },
      ]}
      dialog={({ record, onClose, onSaved }) => (
        <RecordDialog<AttributeValues, typeof AdminMarketAttributeBodySchema>
          open
          title={record ? t("attributes.edit", { name: loc(record.name, lang) }) : t("attributes.new")}
          schema={AdminMarketAttributeBodySchema}
          values={{
            name_en: record?.name.en ?? "",
            name_fr: record?.name.fr ?? "",
            status: record?.status ?? "active",
          }}
          toInput={(v) => ({ name: { en: v.name_en, fr: v.name_fr }, status: v.status })}
          save={(body) =>
            record ? updateRecord("attributes", record.id, body) : createRecord("attributes", body)
          }
          onClose={onClose}
          onSaved={onSaved}
          submitLabel={record ? t("save") : t("create")}
        >
          {(form) => (
            <>
              <LocalisedFields form={form} field="name" label={t("columns.name")} />
              <StatusField form={form} />
            </>
          )}
        </RecordDialog>
      )}
    />
  );
}

// Add-ons ---------------------------------------------------------------------------------------

interface AddonValues {
  country_code: string;
  name_en: string;
  name_fr: string;
  price: string;
  status: string;
}

export function AddonsPage() {
  const { t, i18n } = useTranslation("admin-marketplace");
  const lang = i18n.language;
  return (
    <RecordListPage
      kind="addons"
      filters={["search", "country", "status"]}
      rowName={(a) => loc(a.name, lang)}
      columns={[
        {
          key: "name",
          header: t("columns.name"),
          cell: (a: AdminMarketAddon) => <strong>{loc(a.name, lang)}</strong>,
        },
        { key: "country", header: t("columns.country"), cell: (a: AdminMarketAddon) => a.country_code },
        {
          key: "price",
          header: t("columns.price"),
          numeric: true,
          cell: (a: AdminMarketAddon) => formatMoney(a.price.amount, a.price.currency, lang),
        },
        { key: "items", header: t("columns.items"), numeric: true, cell: (a: AdminMarketAddon) => a.items },
        {
          key: "status",
          header: t("columns.status"),
          cell: (a: AdminMarketAddon) => <StatusBadge status={a.status} />,
        },
      ]}
      dialog={({ record, onClose, onSaved }) => (
        <RecordDialog<AddonValues, typeof AdminMarketAddonBodySchema>
          open
          title={record ? t("addons.edit", { name: loc(record.name, lang) }) : t("addons.new")}
          schema={AdminMarketAddonBodySchema}
          values={{
            country_code: record?.country_code ?? firstServedCountryCode(),
            name_en: record?.name.en ?? "",
            name_fr: record?.name.fr ?? "",
            price: record ? String(record.price.amount) : "",
            status: record?.status ?? "active",
          }}
          toInput={(v) => ({
            country_code: v.country_code,
            name: { en: v.name_en, fr: v.name_fr },
            price: parseNumber(v.price, lang),
            status: v.status,
          })}
          save={(body) =>
            record
              ? updateRecord("addons", record.id, without(body, "country_code"))
              : createRecord("addons", body)
          }
          onClose={onClose}
          onSaved={onSaved}
          submitLabel={record ? t("save") : t("create")}
        >
          {(form) => (
            <>
              <CountryField form={form} disabled={record !== null} />
              <LocalisedFields form={form} field="name" label={t("columns.name")} />
              <TextField
                label={t("form.priceMajor")}
                hint={t("form.addonPriceHint")}
                inputMode="decimal"
                required
                error={errorOf(form, "price")}
                {...form.register("price")}
              />
              <StatusField form={form} />
            </>
          )}
        </RecordDialog>
      )}
    />
  );
}

// Sliders ---------------------------------------------------------------------------------------

interface SliderValues {
  country_code: string;
  title_en: string;
  title_fr: string;
  subtitle_en: string;
  subtitle_fr: string;
  image_url: string;
  link: string;
  position: string;
  status: string;
}

export function SlidersPage() {
  const { t, i18n } = useTranslation("admin-marketplace");
  const lang = i18n.language;
  return (
    <RecordListPage
      kind="sliders"
      filters={["country", "status"]}
      rowName={(s) => loc(s.title, lang)}
      columns={[
        {
          key: "title",
          header: t("columns.title"),
          cell: (s: AdminMarketSlider) => (
            <>
              <strong>{loc(s.title, lang)}</strong>
              {loc(s.subtitle, lang) && (
                <>
                  <br />
                  <span className="admin-park-muted">{loc(s.subtitle, lang)}</span>
                </>
              )}
            </>
          ),
        },
        { key: "country", header: t("columns.country"), cell: (s: AdminMarketSlider) => s.country_code },
        { key: "link", header: t("columns.link"), cell: (s: AdminMarketSlider) => <code>{s.link}</code> },
        {
          key: "position",
          header: t("columns.position"),
          numeric: true,
          cell: (s: AdminMarketSlider) => s.position,
        },
        {
          key: "status",
          header: t("columns.status"),
          cell: (s: AdminMarketSlider) => <StatusBadge status={s.status} />,
        },
      ]}
      dialog={({ record, onClose, onSaved }) => (
        <RecordDialog<SliderValues, typeof AdminMarketSliderBodySchema>
          open
          title={record ? t("sliders.edit", { name: loc(record.title, lang) }) : t("sliders.new")}
          schema={AdminMarketSliderBodySchema}
          values={{
            country_code: record?.country_code ?? firstServedCountryCode(),
            title_en: record?.title.en ?? "",
            title_fr: record?.title.fr ?? "",
            subtitle_en: record?.subtitle.en ?? "",
            subtitle_fr: record?.subtitle.fr ?? "",
            image_url: record?.image_url ?? "",
            link: record?.link ?? "/marketplace",
            position: String(record?.position ?? 0),
            status: record?.status ?? "active",
          }}
          toInput={(v) => ({
            country_code: v.country_code,
            title: { en: v.title_en, fr: v.title_fr },
            subtitle: { en: v.subtitle_en, fr: v.subtitle_fr },
            image_url: v.image_url.trim() === "" ? null : v.image_url,
            link: v.link,
            position: parseNumber(v.position, lang),
            status: v.status,
          })}
          save={(body) =>
            record
              ? updateRecord("sliders", record.id, without(body, "country_code"))
              : createRecord("sliders", body)
          }
          onClose={onClose}
          onSaved={onSaved}
          submitLabel={record ? t("save") : t("create")}
        >
          {(form) => (
            <>
              <CountryField form={form} disabled={record !== null} />
              <LocalisedFields form={form} field="title" label={t("columns.title")} />
              <LocalisedFields form={form} field="subtitle" label={t("form.subtitle")} required={false} />
              <TextField
                label={t("columns.link")}
                hint={t("form.linkHint")}
                required
                error={errorOf(form, "link")}
                {...form.register("link")}
              />
              <TextField
                label={t("form.imageUrl")}
                hint={t("form.imageHint")}
                error={errorOf(form, "image_url")}
                {...form.register("image_url")}
              />
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
    />
  );
}
