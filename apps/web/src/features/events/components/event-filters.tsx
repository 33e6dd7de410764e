import { EVENT_CATEGORIES, type EventCategory } from "@parkwell/contract";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Field, SelectField, TextField } from "../../../components/ui/form-field";
import { SearchTextField } from "../../../components/ui/search-text-field";
import type { EventQuery } from "../search-params";

/**
 * Text, category and dates; every change goes back to page 1. The parent keys it by the search
 * text so that a new URL resets the text box.
 */
export function EventFilters({
  query,
  onChange,
}: {
  query: EventQuery;
  onChange: (next: EventQuery) => void;
}) {
  const { t } = useTranslation("events");
  const [text, setText] = useState(query.search ?? "");
  const update = (patch: Partial<EventQuery>) => onChange({ ...query, ...patch, page: 1 });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update({ search: text.trim() || undefined });
  };
  return (
    <form className="event-filters" role="search" onSubmit={submit}>
      <Field label={t("list.searchLabel")} wide>
        {(control) => (
          <div className="event-inline">
            <SearchTextField
              id={control.id}
              value={text}
              onChange={setText}
              placeholder={t("list.searchPlaceholder")}
              button={t("list.searchButton")}
            />
          </div>
        )}
      </Field>
      <SelectField
        label={t("list.categoryLabel")}
        value={query.category ?? ""}
        onChange={(e) => update({ category: (e.target.value || undefined) as EventCategory | undefined })}
        options={[
          ["", t("list.anyCategory")],
          ...EVENT_CATEGORIES.map((c) => [c, t(`category.${c}`)] as const),
        ]}
      />
      <TextField
        label={t("list.fromLabel")}
        type="date"
        value={query.from ?? ""}
        max={query.to}
        onChange={(e) => update({ from: e.target.value || undefined })}
      />
      <TextField
        label={t("list.toLabel")}
        type="date"
        value={query.to ?? ""}
        min={query.from}
        onChange={(e) => update({ to: e.target.value || undefined })}
      />
    </form>
  );
}
