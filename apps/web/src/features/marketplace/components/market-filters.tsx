import {
  ITEM_KINDS,
  ITEM_SORTS,
  type ItemKind,
  type ItemSort,
  type MarketCategory,
} from "@parkwell/contract";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Field, SelectField } from "../../../components/ui/form-field";
import { SearchTextField } from "../../../components/ui/search-text-field";
import { useTextLang } from "../../../components/ui/staff-text";
import { formQuery } from "../../../lib/form-query";
import { parseMarketQuery, type MarketQuery } from "../search-params";

/**
 * Category chips, text, kind, "on offer" and the order; every change goes back to page 1. The
 * parent keys it by the search text so that a new URL resets the text box. The form is also a
 * plain GET to the list, and its submit reads what its fields show (formQuery), as that GET sends
 * it: a driver may type before the page is hydrated.
 */
export function MarketFilters({
  query,
  categories,
  onChange,
}: {
  query: MarketQuery;
  categories: MarketCategory[];
  onChange: (next: MarketQuery) => void;
}) {
  const { t } = useTranslation("marketplace");
  const textLang = useTextLang();
  const [text, setText] = useState(query.search ?? "");
  const update = (patch: Partial<MarketQuery>) => onChange({ ...query, ...patch, page: 1 });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onChange(parseMarketQuery(formQuery(e.currentTarget)));
  };
  return (
    <>
      {categories.length > 0 && (
        <nav className="market-chips" aria-label={t("list.categories")}>
          <ul>
            <li>
              <button
                type="button"
                className="market-chip"
                aria-pressed={!query.category}
                onClick={() => update({ category: undefined })}
              >
                {t("list.allCategories")}
              </button>
            </li>
            {categories.map((c) => (
              <li key={c.slug}>
                <button
                  type="button"
                  className="market-chip"
                  aria-pressed={query.category === c.slug}
                  onClick={() => update({ category: query.category === c.slug ? undefined : c.slug })}
                >
                  <span lang={textLang(c.text_language)}>{c.name}</span>{" "}
                  <span className="market-chip__count">{c.items}</span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <form className="market-filters" role="search" action="/marketplace" onSubmit={submit}>
        {/* The chosen chip's category, which is no field of the form, goes with its GET. */}
        {query.category && <input type="hidden" name="category" value={query.category} />}
        <Field label={t("list.searchLabel")} wide>
          {(control) => (
            <div className="market-inline">
              <SearchTextField
                id={control.id}
                name="search"
                value={text}
                onChange={setText}
                placeholder={t("list.searchPlaceholder")}
                button={t("list.searchButton")}
              />
            </div>
          )}
        </Field>
        <SelectField
          label={t("list.kindLabel")}
          name="kind"
          value={query.kind ?? ""}
          onChange={(e) => update({ kind: (e.target.value || undefined) as ItemKind | undefined })}
          options={[["", t("list.anyKind")], ...ITEM_KINDS.map((k) => [k, t(`kind.${k}s`)] as const)]}
        />
        <SelectField
          label={t("list.sortLabel")}
          name="sort"
          value={query.sort}
          onChange={(e) => update({ sort: e.target.value as ItemSort })}
          options={ITEM_SORTS.map((s) => [s, t(`sort.${s}`)] as const)}
        />
        <label className="market-check">
          <input
            type="checkbox"
            name="on_offer"
            value="true"
            checked={Boolean(query.onOffer)}
            onChange={(e) => update({ onOffer: e.target.checked || undefined })}
          />
          <span>{t("list.onOffer")}</span>
        </label>
      </form>
    </>
  );
}
