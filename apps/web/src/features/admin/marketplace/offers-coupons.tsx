import {
  AdminCouponBodySchema,
  AdminMarketOfferBodySchema,
  COUPON_KINDS,
  DISCOUNT_TYPES,
  wallClockOf,
  type AdminCoupon,
  type AdminMarketOffer,
  type CouponKind,
} from "@parkwell/contract";
import { useQuery } from "@tanstack/react-query";
import type { FieldValues } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { firstServedCountryCode } from "../../../lib/country";
import { formatMoney, parseNumber } from "../../../lib/format";
import type { SchemaForm } from "../../../lib/use-schema-form";
import { formatZonedDateTime } from "../../../lib/zoned-time";
import { loc } from "../orders/format";
import { categoryOptionsQuery, createRecord, itemOptionsQuery, updateRecord } from "./api";
import { CountryField, errorOf, LocalisedFields, numOrNull, StatusField } from "./catalogue-lists";
import { RecordListPage, StatusBadge } from "./widgets";
import { RecordDialog } from "./record-dialog";

/**
 * The discount's rules with the back office's own texts: a percentage is at most 100 ("Discount
 * less then or equal to 100"), and the window starts before it ends.
 */
function checkDiscount(
  v: { discount_type?: string; discount?: number; start_local?: string; end_local?: string },
  ctx: z.RefinementCtx,
) {
  if (v.discount_type === "percentage" && v.discount !== undefined && v.discount > 100) {
    ctx.addIssue({
      code: "custom",
      path: ["discount"],
      message: "percentage over 100",
      params: { key: "admin-marketplace:form.percentMax" },
    });
  }
  const start = v.start_local ? wallClockOf(v.start_local) : null;
  const end = v.end_local ? wallClockOf(v.end_local) : null;
  if (start !== null && end !== null && start >= end) {
    ctx.addIssue({
      code: "custom",
      path: ["end_local"],
      message: "end before start",
      params: { key: "admin-marketplace:form.startBeforeEnd" },
    });
  }
}

const CouponFormSchema = z.object(AdminCouponBodySchema.shape).superRefine(checkDiscount);
const OfferFormSchema = z.object(AdminMarketOfferBodySchema.shape).superRefine((v, ctx) => {
  if ((v.item_id === null) === (v.category_id === null)) {
    ctx.addIssue({
      code: "custom",
      path: [v.item_id === null ? "item_id" : "category_id"],
      message: "one target",
      params: { key: "admin-marketplace:form.chooseTarget" },
    });
  }
  checkDiscount(v, ctx);
});

const without = <T extends Record<string, unknown>>(body: T, key: string) =>
  Object.fromEntries(Object.entries(body).filter(([k]) => k !== key));

/** A validity window on the country's clock as the language writes it, with its year, a line for each end. */
function Window({ w }: { w: { starts_at: string; ends_at: string; time_zone: string } }) {
  const { i18n } = useTranslation();
  const at = (iso: string) => formatZonedDateTime(iso, i18n.language, w.time_zone);
  return (
    <span className="mp-window">
      <span>{at(w.starts_at)} –</span> <span>{at(w.ends_at)}</span>
    </span>
  );
}

/** "10 %" or "₦500" (per unit for an offer). */
function discountText(type: string, amount: number, currency: string, lang: string): string {
  return type === "percentage"
    ? `${new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(amount)} %`
    : formatMoney(amount, currency, lang);
}

function DiscountFields<V extends FieldValues & { discount_type: string }>({
  form,
  capHint,
}: {
  form: SchemaForm<V, unknown>;
  capHint: string;
}) {
  const { t } = useTranslation("admin-marketplace");
  const type = form.watch("discount_type" as never) as unknown as string;
  return (
    <>
      <SelectField
        label={t("form.discountType")}
        options={DISCOUNT_TYPES.map((d) => [d, t(`discountTypes.${d}`)] as const)}
        error={errorOf(form, "discount_type")}
        {...form.register("discount_type" as never)}
      />
      <TextField
        label={type === "percentage" ? t("form.discountPercent") : t("form.discountAmount")}
        inputMode="decimal"
        required
        error={errorOf(form, "discount")}
        {...form.register("discount" as never)}
      />
      <TextField
        label={t("form.maxDiscount")}
        hint={capHint}
        inputMode="decimal"
        error={errorOf(form, "max_discount")}
        {...form.register("max_discount" as never)}
      />
    </>
  );
}

function WindowFields<V extends FieldValues>({ form, zone }: { form: SchemaForm<V, unknown>; zone: string }) {
  const { t } = useTranslation("admin-marketplace");
  return (
    <>
      <TextField
        type="datetime-local"
        label={t("form.start")}
        hint={zone ? t("form.zoneHint", { zone }) : t("form.countryClock")}
        required
        error={errorOf(form, "start_local")}
        {...form.register("start_local" as never)}
      />
      <TextField
        type="datetime-local"
        label={t("form.end")}
        required
        error={errorOf(form, "end_local")}
        {...form.register("end_local" as never)}
      />
    </>
  );
}

// Coupons ---------------------------------------------------------------------------------------

interface CouponValues {
  country_code: string;
  code: string;
  name: string;
  discount_type: string;
  discount: string;
  min_order: string;
  max_discount: string;
  limit_per_user: string;
  total_limit: string;
  start_local: string;
  end_local: string;
  status: string;
}
type CouponFormValues = CouponValues & { kinds: CouponKind[] };

export function CouponsPage() {
  const { t, i18n } = useTranslation("admin-marketplace");
  const lang = i18n.language;
  return (
    <RecordListPage
      kind="coupons"
      filters={["search", "country", "status"]}
      rowName={(c) => c.code}
      columns={[
        {
          key: "code",
          header: t("columns.code"),
          cell: (c: AdminCoupon) => (
            <>
              <strong className="admin-park-code">{c.code}</strong>
              <br />
              <span className="admin-park-muted">{c.name}</span>
            </>
          ),
        },
        { key: "country", header: t("columns.country"), cell: (c: AdminCoupon) => c.country_code },
        {
          key: "discount",
          header: t("columns.discount"),
          cell: (c: AdminCoupon) => (
            <>
              {discountText(c.discount_type, c.discount, c.currency, lang)}
              {c.max_discount && (
                <>
                  <br />
                  <span className="admin-park-muted">
                    {t("coupons.cap", { amount: formatMoney(c.max_discount.amount, c.currency, lang) })}
                  </span>
                </>
              )}
              {c.min_order.amount > 0 && (
                <>
                  <br />
                  <span className="admin-park-muted">
                    {t("coupons.minimum", { amount: formatMoney(c.min_order.amount, c.currency, lang) })}
                  </span>
                </>
              )}
            </>
          ),
        },
        {
          key: "window",
          header: t("columns.window"),
          cell: (c: AdminCoupon) => <Window w={c} />,
        },
        {
          key: "uses",
          header: t("columns.uses"),
          numeric: true,
          cell: (c: AdminCoupon) => t("coupons.usesOf", { uses: c.uses, limit: c.limit_per_user }),
        },
        {
          key: "status",
          header: t("columns.status"),
          cell: (c: AdminCoupon) => <StatusBadge status={c.status} />,
        },
      ]}
      dialog={({ record, onClose, onSaved }) => (
        <RecordDialog<CouponFormValues, typeof CouponFormSchema>
          open
          title={record ? t("coupons.edit", { name: record.code }) : t("coupons.new")}
          schema={CouponFormSchema}
          values={{
            country_code: record?.country_code ?? firstServedCountryCode(),
            code: record?.code ?? "",
            name: record?.name ?? "",
            discount_type: record?.discount_type ?? "percentage",
            discount: record ? String(record.discount) : "",
            min_order: record ? String(record.min_order.amount) : "0",
            max_discount: record?.max_discount ? String(record.max_discount.amount) : "",
            limit_per_user: String(record?.limit_per_user ?? 1),
            total_limit: record?.total_limit == null ? "" : String(record.total_limit),
            kinds: record?.kinds ?? ["order"],
            start_local: record?.start_local ?? "",
            end_local: record?.end_local ?? "",
            status: record?.status ?? "active",
          }}
          toInput={(v) => ({
            country_code: v.country_code,
            code: v.code,
            name: v.name,
            discount_type: v.discount_type,
            discount: parseNumber(v.discount, lang),
            min_order: v.min_order.trim() === "" ? 0 : parseNumber(v.min_order, lang),
            max_discount: numOrNull(v.max_discount, lang),
            limit_per_user: parseNumber(v.limit_per_user, lang),
            total_limit: numOrNull(v.total_limit, lang),
            kinds: v.kinds,
            start_local: v.start_local,
            end_local: v.end_local,
            status: v.status,
          })}
          save={(body) =>
            record
              ? updateRecord("coupons", record.id, without(body, "country_code"))
              : createRecord("coupons", body)
          }
          onClose={onClose}
          onSaved={onSaved}
          submitLabel={record ? t("save") : t("create")}
        >
          {(form) => (
            <>
              <CountryField form={form} disabled={record !== null} />
              <TextField
                label={t("columns.code")}
                hint={t("form.codeHint")}
                required
                autoComplete="off"
                error={errorOf(form, "code")}
                {...form.register("code")}
              />
              <TextField
                label={t("form.couponName")}
                required
                error={errorOf(form, "name")}
                {...form.register("name")}
              />
              <DiscountFields form={form} capHint={t("form.couponCapHint")} />
              <TextField
                label={t("form.minOrder")}
                inputMode="decimal"
                error={errorOf(form, "min_order")}
                {...form.register("min_order")}
              />
              <TextField
                label={t("form.limitPerUser")}
                inputMode="numeric"
                error={errorOf(form, "limit_per_user")}
                {...form.register("limit_per_user")}
              />
              <TextField
                label={t("form.totalLimit")}
                hint={t("form.totalLimitHint")}
                inputMode="numeric"
                error={errorOf(form, "total_limit")}
                {...form.register("total_limit")}
              />
              <fieldset className="mp-checks">
                <legend>{t("form.kinds")}</legend>
                {COUPON_KINDS.map((k) => (
                  <label key={k} className="admin-check">
                    <input type="checkbox" value={k} {...form.register("kinds")} /> {t(`couponKinds.${k}`)}
                  </label>
                ))}
                {errorOf(form, "kinds") && <p className="field__error">{errorOf(form, "kinds")}</p>}
              </fieldset>
              <WindowFields form={form} zone={record?.time_zone ?? ""} />
              <StatusField form={form} />
            </>
          )}
        </RecordDialog>
      )}
    />
  );
}

// Offers ----------------------------------------------------------------------------------------

interface OfferValues extends Record<string, string> {
  country_code: string;
  name_en: string;
  name_fr: string;
  target: string;
  item_id: string;
  category_id: string;
  discount_type: string;
  discount: string;
  max_discount: string;
  start_local: string;
  end_local: string;
  status: string;
}

function OfferTarget({ form }: { form: SchemaForm<OfferValues, unknown> }) {
  const { t, i18n } = useTranslation("admin-marketplace");
  const lang = i18n.language;
  const target = form.watch("target");
  const country = form.watch("country_code");
  const items = useQuery({ ...itemOptionsQuery(country), enabled: target === "item" && Boolean(country) });
  const categories = useQuery({ ...categoryOptionsQuery, enabled: target === "category" });
  return (
    <>
      <SelectField
        label={t("form.target")}
        options={[
          ["item", t("form.targetItem")],
          ["category", t("form.targetCategory")],
        ]}
        {...form.register("target")}
      />
      {target === "item" ? (
        <SelectField
          label={t("form.item")}
          required
          options={[
            ["", t("form.chooseItem")],
            ...(items.data?.items ?? []).map((i) => [String(i.id), loc(i.name, lang)] as const),
          ]}
          error={errorOf(form, "item_id")}
          {...form.register("item_id")}
        />
      ) : (
        <SelectField
          label={t("form.category")}
          required
          options={[
            ["", t("form.chooseCategory")],
            ...(categories.data?.items ?? []).map((c) => [String(c.id), loc(c.name, lang)] as const),
          ]}
          error={errorOf(form, "category_id")}
          {...form.register("category_id")}
        />
      )}
    </>
  );
}

export function OffersPage() {
  const { t, i18n } = useTranslation("admin-marketplace");
  const lang = i18n.language;
  return (
    <RecordListPage
      kind="offers"
      filters={["search", "country", "status"]}
      rowName={(o) => loc(o.name, lang)}
      columns={[
        {
          key: "name",
          header: t("columns.name"),
          cell: (o: AdminMarketOffer) => (
            <>
              <strong>{loc(o.name, lang)}</strong>
              <br />
              <span className="admin-park-muted">
                {o.item
                  ? t("offers.onItem", { name: loc(o.item.name, lang) })
                  : t("offers.onCategory", { name: loc(o.category?.name, lang) })}
              </span>
            </>
          ),
        },
        { key: "country", header: t("columns.country"), cell: (o: AdminMarketOffer) => o.country_code },
        {
          key: "discount",
          header: t("columns.discount"),
          cell: (o: AdminMarketOffer) => discountText(o.discount_type, o.discount, o.currency, lang),
        },
        {
          key: "window",
          header: t("columns.window"),
          cell: (o: AdminMarketOffer) => <Window w={o} />,
        },
        {
          key: "status",
          header: t("columns.status"),
          cell: (o: AdminMarketOffer) => (
            <>
              <StatusBadge status={o.status} />
              {o.live && <span className="admin-park-muted"> · {t("offers.live")}</span>}
            </>
          ),
        },
      ]}
      dialog={({ record, onClose, onSaved }) => (
        <RecordDialog<OfferValues, typeof OfferFormSchema>
          open
          title={record ? t("offers.edit", { name: loc(record.name, lang) }) : t("offers.new")}
          schema={OfferFormSchema}
          values={{
            country_code: record?.country_code ?? firstServedCountryCode(),
            name_en: record?.name.en ?? "",
            name_fr: record?.name.fr ?? "",
            target: record?.category ? "category" : "item",
            item_id: record?.item ? String(record.item.id) : "",
            category_id: record?.category ? String(record.category.id) : "",
            discount_type: record?.discount_type ?? "percentage",
            discount: record ? String(record.discount) : "",
            max_discount: record?.max_discount ? String(record.max_discount.amount) : "",
            start_local: record?.start_local ?? "",
            end_local: record?.end_local ?? "",
            status: record?.status ?? "active",
          }}
          toInput={(v) => ({
            country_code: v.country_code,
            name: { en: v.name_en, fr: v.name_fr },
            item_id: v.target === "item" ? numOrNull(v.item_id, lang) : null,
            category_id: v.target === "category" ? numOrNull(v.category_id, lang) : null,
            discount_type: v.discount_type,
            discount: parseNumber(v.discount, lang),
            max_discount: numOrNull(v.max_discount, lang),
            start_local: v.start_local,
            end_local: v.end_local,
            status: v.status,
          })}
          save={(body) =>
            record
              ? updateRecord("offers", record.id, without(body, "country_code"))
              : createRecord("offers", body)
          }
          onClose={onClose}
          onSaved={onSaved}
          submitLabel={record ? t("save") : t("create")}
        >
          {(form) => (
            <>
              <CountryField form={form} disabled={record !== null} />
              <LocalisedFields form={form} field="name" label={t("columns.name")} />
              <OfferTarget form={form} />
              <DiscountFields form={form} capHint={t("form.offerCapHint")} />
              <WindowFields form={form} zone={record?.time_zone ?? ""} />
              <StatusField form={form} />
            </>
          )}
        </RecordDialog>
      )}
    />
  );
}
