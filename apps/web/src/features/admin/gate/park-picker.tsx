import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { SelectField } from "../../../components/ui/form-field";
import { FormAlert } from "../../../components/ui/form-alert";
import { gateErrorText } from "./errors";
import { LoadingState } from "../ui/states";
import type { gateParksQuery } from "./api";

/**
 * The park the page works at, kept in the URL (`?park=12`, so a reload keeps it): the first of the
 * user's parks until they choose. One park is named, not offered as a choice.
 */
export function useChosenPark(parksQuery: ReturnType<typeof gateParksQuery>) {
  const [search, setSearch] = useSearchParams();
  const parks = useQuery(parksQuery);
  const wanted = Number(search.get("park"));
  const items = parks.data?.items ?? [];
  const park = items.find((p) => p.id === wanted) ?? items[0];
  const choose = (id: number) =>
    setSearch(
      (s) => {
        const next = new URLSearchParams(s);
        next.set("park", String(id));
        next.delete("page");
        return next;
      },
      { replace: true },
    );
  useEffect(() => {
    if (park && wanted !== park.id) choose(park.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the answer or the URL changes
  }, [park?.id, wanted]);
  return { parks, park, choose };
}

export function ParkPicker({ parks, park, choose }: ReturnType<typeof useChosenPark>) {
  const { t } = useTranslation(["admin-gate", "auth"]);
  if (parks.isPending) return <LoadingState text={t("parks.loading")} />;
  if (parks.isError) return <FormAlert message={gateErrorText(t, parks.error)} />;
  const items = parks.data.items;
  if (items.length === 0) return <p className="gate-note">{t("parks.none")}</p>;
  if (items.length === 1)
    return (
      <p className="gate-park-name">
        {t("parks.one")} <strong>{items[0]!.name}</strong>
      </p>
    );
  return (
    <div className="gate-park-picker">
      <SelectField
        label={t("parks.label")}
        value={park?.id ?? ""}
        onChange={(e) => choose(Number(e.target.value))}
        options={items.map((p) => [p.id, `${p.name} (${p.city})`] as const)}
      />
    </div>
  );
}
