import { EVENT_CATEGORIES, type EventCategory } from "@parkwell/contract";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Field, SelectField, TextField } from "../../../components/ui/form-field";
import { SearchTextField } from "../../../components/ui/search-text-field";
import { formQuery } from "../../../lib/form-query";
import { parseEventQuery, type EventQuery } from "../search-params";

/**
 * Text, category and dates; every change goes back to page 1. The parent keys it by the search
 * text so that a new URL resets the text box. The form is also a plain GET to the list, and its
 * submit reads what its fields show (formQuery), as that GET sends it: a driver may type before
 * the page is hydrated.
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
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onChange(parseEventQuery(formQuery(e.currentTarget)));
  };
  return (
    <form className="event-filters" role="search" action="/events" onSubmit={submit}>
      <Field label={t("list.searchLabel")} wide>
        {(control) => (
          <div className="event-inline">
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
        label={t("list.categoryLabel")}
        name="category"
        value={query.category ?? ""}
        onChange={(e) => update({ category: (e.target.value || undefined) as EventCategory | undefined })}
        options={[
          ["", t("list.anyCategory")],
          ...EVENT_CATEGORIES.map((c) => [c, t(`category.${c}`)] as const),
        ]}
      />
      <TextField
        label={t("list.fromLabel")}
        name="from"
        type="date"
        value={query.from ?? ""}
        max={query.to}
        onChange={(e) => update({ from: e.target.value || undefined })}
      />
      <TextField
        label={t("list.toLabel")}
        name="to"
        type="date"
        value={query.to ?? ""}
        min={query.from}
        onChange={(e) => update({ to: e.target.value || undefined })}
      />
    </form>
  );
}
