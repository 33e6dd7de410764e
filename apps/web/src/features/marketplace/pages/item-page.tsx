import { CART_LINE_MAX_QUANTITY, CartLineSchema, type MarketItemDetail } from "@parkwell/contract";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useParams, useRouteError } from "react-router";
import { Field } from "../../../components/ui/form-field";
import { Spinner } from "../../../components/ui/spinner";
import { StaffText, useTextLang } from "../../../components/ui/staff-text";
import { ApiError } from "../../../lib/api";
import { useSelectedCountry } from "../../../lib/country";
import { formatMoney } from "../../../lib/format";
import { countriesQuery } from "../../../lib/queries";
import { PageHead, PageTitle, usePageAddress } from "../../../lib/seo/page-head";
import { usePublicOrigin } from "../../../lib/seo/public-origin";
import { productJsonLd } from "../../../lib/seo/structured-data";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { formatZonedDay, zoneOfCountry } from "../../../lib/zoned-time";
import { marketHomeQuery, useMarketItem } from "../api";
import { addToCart, openCartDrawer, type AddOutcome } from "../cart";
import { ItemArt } from "../components/item-art";
import { PriceTag, StockHint } from "../components/item-card";
import { ItemNotFound } from "../components/item-not-found";
import { itemIdOf } from "../item-loader";
import "../marketplace.css";

/** The item page's choices, as the form holds them (a radio's and a checkbox's values are text). */
interface LineValues {
  variation_id: string;
  addon_ids: string[];
  quantity: number;
}

/**
 * A cart line of this item, by the contract's rule for a line, with a size (a variation) chosen
 * among the item's when it has some: one that went away while the page was open is chosen again.
 */
function lineSchemaOf(item: MarketItemDetail) {
  return CartLineSchema.superRefine((line, ctx) => {
    if (item.variations.length > 0 && !item.variations.some((v) => v.id === line.variation_id))
      ctx.addIssue({
        code: "custom",
        path: ["variation_id"],
        message: "Choose one of the options",
        params: { key: "validation.choose" },
      });
  });
}

/** /marketplace/{id}: the item's pictures and text, its variations and add-ons, and Add to cart. */
export function ItemPage() {
  const { t, i18n } = useTranslation("marketplace");
  const { id = "" } = useParams();
  const itemId = itemIdOf(id);
  const result = useMarketItem(itemId);
  const country = useSelectedCountry();
  const home = useQuery(marketHomeQuery(country.code, i18n.language));
  // Ids are the catalogue's, not the country's: an item priced in another currency is sold elsewhere.
  // The visitor's country is the browser's (a server render shows the item as it is, in its own
  // currency); until its marketplace answers, the item is shown.
  const elsewhere = Boolean(home.data && result.data && result.data.price.currency !== home.data.currency);
  if (itemId === null || elsewhere || (result.error instanceof ApiError && result.error.status === 404))
    return (
      <>
        <PageTitle title={t("notFound.title")} />
        <ItemNotFound />
      </>
    );
  if (result.isPending) return <Spinner />;
  if (result.isError) {
    return (
      <div className="container page">
        <PageTitle title={t("loadError")} />
        <div className="alert alert--error" role="alert">
          <p>{result.error instanceof ApiError ? result.error.message : t("loadError")}</p>
          <button type="button" className="button" onClick={() => void result.refetch()}>
            {t("retry")}
          </button>
        </div>
      </div>
    );
  }
  return <ItemView key={result.data.id} item={result.data} />;
}

/**
 * The zone of the item's country: the one of its currency, the visitor's when that one has it (a
 * currency may be shared; an item the visitor is shown is in the visitor's currency), else the
 * first such. A server render, which knows no visitor's country, so shows the item's own.
 */
function itemZone(
  item: MarketItemDetail,
  selected: string,
  countries: readonly { code: string; currency: string; timezone: string }[] | undefined,
): string {
  const theirs = countries?.filter((c) => c.currency === item.price.currency) ?? [];
  return zoneOfCountry((theirs.find((c) => c.code === selected) ?? theirs[0])?.code, countries);
}

/**
 * The route's answer when the server found no item (its loader's 404): the item's own not-found
 * page. Any other error goes on to the app's error page.
 */
export function ItemRouteError() {
  const error = useRouteError();
  const { t } = useTranslation("marketplace");
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <>
      <PageTitle title={t("notFound.title")} />
      <ItemNotFound />
    </>
  );
}

function Gallery({ item }: { item: MarketItemDetail }) {
  const { t } = useTranslation("marketplace");
  const images = item.images.length > 0 ? item.images : item.image_url ? [item.image_url] : [];
  const [shown, setShown] = useState(0);
  const textLang = useTextLang();
  if (images.length === 0)
    return (
      <ItemArt imageUrl={null} kind={item.kind} category={item.category.slug} className="market-hero-art" />
    );
  return (
    <div className="market-gallery">
      <img
        className="market-art market-art--image market-hero-art"
        src={images[shown]}
        alt={item.name}
        lang={textLang(item.text_language)}
      />
      {images.length > 1 && (
        <ul className="market-gallery__thumbs">
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                aria-pressed={i === shown}
                aria-label={t("item.image", { n: i + 1, total: images.length })}
                onClick={() => setShown(i)}
              >
                <img src={src} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ItemView({ item }: { item: MarketItemDetail }) {
  const { t, i18n } = useTranslation("marketplace");
  const lang = i18n.language;
  const country = useSelectedCountry();
  const countries = useQuery(countriesQuery());
  const id = useId();
  const firstInStock = item.variations.find((v) => v.stock === null || v.stock > 0) ?? item.variations[0];
  const [outcome, setOutcome] = useState<AddOutcome | null>(null);
  const form = useSchemaForm<LineValues, ReturnType<typeof lineSchemaOf>>({
    schema: lineSchemaOf(item),
    defaultValues: {
      variation_id: firstInStock ? String(firstInStock.id) : "",
      addon_ids: [],
      quantity: 1,
    },
    toInput: (v) => ({
      item_id: item.id,
      variation_id: v.variation_id ? Number(v.variation_id) : null,
      addon_ids: (v.addon_ids ?? []).map(Number),
      quantity: Math.min(v.quantity, max),
    }),
  });
  const {
    field: { ref: quantityRef, ...quantityField },
  } = useController({ control: form.control, name: "quantity" });
  const quantity = quantityField.value;
  const addons = (form.watch("addon_ids") ?? []).map(Number);
  const variationId = Number(form.watch("variation_id"));
  const variation = item.variations.find((v) => v.id === variationId) ?? null;
  const stock = variation ? variation.stock : item.stock;
  const soldOut = stock !== null && stock < 1;
  const max = Math.max(1, Math.min(CART_LINE_MAX_QUANTITY, stock ?? CART_LINE_MAX_QUANTITY));
  const money = (m: { amount: number; currency: string }) => formatMoney(m.amount, m.currency, lang);
  const unit = (variation?.offer_price ?? item.offer_price).amount;
  const addonsTotal = item.addons
    .filter((a) => addons.includes(a.id))
    .reduce((n, a) => n + a.price.amount, 0);
  const estimate = (unit + addonsTotal) * quantity;
  const variationError = form.formState.errors.variation_id?.message;

  const submit = form.handleSubmit((line) => {
    if (soldOut) return;
    setOutcome(
      addToCart(country.code, {
        item_id: line.item_id,
        variation_id: line.variation_id ?? null,
        addon_ids: line.addon_ids,
        quantity: line.quantity,
      }),
    );
  });

  return (
    <div className="container page market-item">
      <ItemHead item={item} />
      <p>
        <Link to="/marketplace">{t("item.back")}</Link>
      </p>
      <div className="market-item__layout">
        <Gallery item={item} />
        <div className="market-item__main">
          <p className="market-card__category">
            <Link to={`/marketplace?category=${encodeURIComponent(item.category.slug)}`}>
              {item.category.name}
            </Link>
            {item.kind === "service" && <> · {t("kind.service")}</>}
          </p>
          <StaffText as="h1" language={item.text_language}>
            {item.name}
          </StaffText>
          <PriceTag
            price={variation?.price ?? item.price}
            offerPrice={variation?.offer_price ?? item.offer_price}
            from={item.variations.length > 0 && !variation}
          />
          {item.offer && (
            <p className="market-item__offer">
              {t("item.offer", {
                name: item.offer.name,
                // The day the offer ends in the item's country, whatever the phone's zone.
                date: formatZonedDay(
                  item.offer.ends_at,
                  lang,
                  itemZone(item, country.code, countries.data),
                  "long",
                ),
              })}
            </p>
          )}
          <StockHint stock={stock} />
          {item.kind === "service" && (
            <div className="market-item__service">
              {item.duration_minutes !== null && (
                <p data-testid="service-duration">{t("item.duration", { count: item.duration_minutes })}</p>
              )}
              {item.parks.length > 0 && (
                <>
                  <p>{t("item.parks")}</p>
                  <ul className="market-item__parks">
                    {item.parks.map((p) => (
                      <li key={p.id}>
                        <Link to={`/park/${p.slug}`}>{p.name}</Link> · {p.city}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          )}
          <form className="market-item__form" onSubmit={(e) => void submit(e)} noValidate>
            {item.variations.length > 0 && (
              <fieldset className="market-options">
                <legend>{item.attribute ?? t("item.variation")}</legend>
                {item.variations.map((v) => {
                  const out = v.stock !== null && v.stock < 1;
                  return (
                    <label key={v.id} className="market-option">
                      <input
                        type="radio"
                        value={String(v.id)}
                        disabled={out}
                        aria-invalid={variationError && !out ? true : undefined}
                        aria-describedby={variationError ? `${id}-variation-error` : undefined}
                        {...form.register("variation_id", { onChange: () => setOutcome(null) })}
                      />
                      <span className="market-option__name">{v.name}</span>
                      <span className="market-option__price">
                        {money(v.offer_price)}
                        {v.stock !== null && (
                          <span className="market-option__stock">
                            {" · "}
                            {out ? t("stock.out") : t("stock.left", { count: v.stock })}
                          </span>
                        )}
                      </span>
                    </label>
                  );
                })}
                {variationError && (
                  <p id={`${id}-variation-error`} className="field__error">
                    {variationError}
                  </p>
                )}
              </fieldset>
            )}
            {item.addons.length > 0 && (
              <fieldset className="market-options">
                <legend>{t("item.addons")}</legend>
                {item.addons.map((a) => (
                  <label key={a.id} className="market-option">
                    <input
                      type="checkbox"
                      value={String(a.id)}
                      {...form.register("addon_ids", { onChange: () => setOutcome(null) })}
                    />
                    <span className="market-option__name">{a.name}</span>
                    <span className="market-option__price">+{money(a.price)}</span>
                  </label>
                ))}
              </fieldset>
            )}
            <Field label={t("item.quantity")} id={`${id}-qty`}>
              {(control) => (
                <div className="market-qty__control">
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t("item.less")}
                    disabled={quantity <= 1}
                    onClick={() => quantityField.onChange(Math.max(1, quantity - 1))}
                  >
                    <span aria-hidden="true">−</span>
                  </button>
                  <input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={max}
                    name={quantityField.name}
                    ref={quantityRef}
                    onBlur={quantityField.onBlur}
                    value={quantity}
                    onChange={(e) => {
                      const n = Math.trunc(Number(e.target.value));
                      quantityField.onChange(Number.isFinite(n) ? Math.min(Math.max(n, 1), max) : 1);
                    }}
                  />
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t("item.more")}
                    disabled={quantity >= max}
                    onClick={() => quantityField.onChange(Math.min(max, quantity + 1))}
                  >
                    <span aria-hidden="true">+</span>
                  </button>
                </div>
              )}
            </Field>
            <p className="market-item__estimate" data-testid="item-estimate">
              {t("item.estimate", { amount: formatMoney(estimate, item.offer_price.currency, lang) })}
            </p>
            <button type="submit" className="button button--accent" disabled={soldOut}>
              {soldOut ? t("stock.out") : t("item.add")}
            </button>
            <div aria-live="polite" className="market-item__added">
              {outcome && (
                <p
                  className={
                    outcome === "cart_full" || outcome === "line_full"
                      ? "alert alert--error"
                      : "alert alert--success"
                  }
                >
                  {t(`item.outcome.${outcome}`)}{" "}
                  <button type="button" className="link-button" onClick={openCartDrawer}>
                    {t("item.viewCart")}
                  </button>
                </p>
              )}
            </div>
          </form>
        </div>
      </div>
      {item.description && (
        <section className="market-item__about" aria-labelledby={`${id}-about`}>
          <h2 id={`${id}-about`}>{t("item.about")}</h2>
          <StaffText language={item.description_language} className="market-item__text">
            {item.description}
          </StaffText>
        </section>
      )}
    </div>
  );
}

/** What the item page says about itself: its name, description, picture and the item as a Product. */
function ItemHead({ item }: { item: MarketItemDetail }) {
  const origin = usePublicOrigin();
  const path = `/marketplace/${item.id}`;
  const url = usePageAddress(path);
  return (
    <PageHead
      title={item.name}
      description={item.description}
      path={path}
      image={item.image_url ?? item.images[0]}
      type="product"
      jsonLd={productJsonLd({ item, url, origin })}
    />
  );
}
