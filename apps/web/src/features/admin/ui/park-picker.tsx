import type { ParkChoice, ParkChoiceList } from "@parkwell/contract";
import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { FormAlert } from "../../../components/ui/form-alert";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { errorText } from "../../../lib/form-errors";
import { parkChoicesQuery, type ParkChoiceFilter } from "../api";
import { useCan } from "../me";
import type { Permission } from "../permissions";
import { LoadingState } from "./states";

/**
 * The park a page works at (the gate, the drive-up sales), kept in the URL (`?park=12`, so a
 * reload keeps it): the first of the user's parks until they choose.
 */
export function useChosenPark(permission: Permission) {
  const [search, setSearch] = useSearchParams();
  const parks = useQuery(parkChoicesQuery(permission));
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

/** A page that works at one park: the park chosen, kept in the URL (useChosenPark). */
interface ChosenParkProps {
  parks: UseQueryResult<ParkChoiceList>;
  park: ParkChoice | undefined;
  choose: (id: number) => void;
}

/** A filter: all the user's parks ("") or one, as the park's ID in a string. */
interface FilterProps {
  permission: Permission;
  /** The closed and deactivated parks too (a report reads their past). */
  status?: "active" | "any";
  value: string;
  onChange: (value: string) => void;
}

/** Several parks in a form (a service's parks, a staff member's parks): a checkbox per park. */
interface ChecksProps extends ParkChoiceFilter {
  permission: Permission;
  /** The closed and deactivated parks too. */
  status?: "active" | "any";
  /** The form's list of park IDs, as strings (`register("park_ids")`). */
  field: UseFormRegisterReturn;
  /** Each checkbox's label element's class. */
  className: string;
  /** What a park's checkbox says, when not "Name (City)". */
  name?: (park: ParkChoice) => ReactNode;
  /** What shows when the user has no park to choose. */
  empty: ReactNode;
}

const label = (p: ParkChoice) => `${p.name} (${p.city})`;

/**
 * The one park picker of the back office. With `choose` (useChosenPark): a park must be chosen;
 * one park is named, not offered as a choice. With `onChange`: a filter offering all the user's
 * parks or one by name, or a park ID to type when the list is not available or not complete.
 * With `field`: several parks ticked in a form.
 */
export function ParkPicker(props: ChosenParkProps | FilterProps | ChecksProps) {
  if ("choose" in props) return <ChosenPark {...props} />;
  if ("field" in props) return <ParkChecks {...props} />;
  return <ParkFilter {...props} />;
}

function ParkChecks({
  permission,
  status = "active",
  country,
  operator,
  field,
  className,
  name = label,
  empty,
}: ChecksProps) {
  const { t } = useTranslation(["admin", "auth"]);
  const can = useCan();
  const list = useQuery({
    ...parkChoicesQuery(permission, status, { country, operator }),
    enabled: can(permission),
  });
  if (list.isError) return <FormAlert message={errorText(t, list.error)} />;
  if (list.isPending && can(permission)) return <LoadingState text={t("parkPicker.loading")} />;
  const parks = list.data?.items ?? [];
  if (parks.length === 0) return <>{empty}</>;
  return (
    <>
      {parks.map((p) => (
        <label key={p.id} className={className}>
          <input type="checkbox" value={String(p.id)} {...field} />
          {name(p)}
        </label>
      ))}
    </>
  );
}

function ChosenPark({ parks, park, choose }: ChosenParkProps) {
  const { t } = useTranslation(["admin", "auth"]);
  if (parks.isPending) return <LoadingState text={t("parkPicker.loading")} />;
  if (parks.isError) return <FormAlert message={errorText(t, parks.error)} />;
  const items = parks.data.items;
  if (items.length === 0) return <p className="gate-note">{t("parkPicker.none")}</p>;
  if (items.length === 1)
    return (
      <p className="gate-park-name">
        {t("parkPicker.one")} <strong>{items[0]!.name}</strong>
      </p>
    );
  return (
    <div className="gate-park-picker">
      <SelectField
        label={t("parkPicker.label")}
        value={park?.id ?? ""}
        onChange={(e) => choose(Number(e.target.value))}
        options={items.map((p) => [p.id, label(p)] as const)}
      />
    </div>
  );
}

function ParkFilter({ permission, status = "any", value, onChange }: FilterProps) {
  const { t } = useTranslation("admin");
  const can = useCan();
  const list = useQuery({ ...parkChoicesQuery(permission, status), enabled: can(permission) });
  const parks = list.data?.complete ? list.data.items : null;
  if (parks) {
    const known = value === "" || parks.some((p) => String(p.id) === value);
    return (
      <SelectField
        label={t("parkPicker.label")}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        options={[
          ["", t("parkPicker.all")],
          ...(known ? [] : [[value, `#${value}`] as const]),
          ...parks.map((p) => [String(p.id), label(p)] as const),
        ]}
      />
    );
  }
  return (
    <TextField
      label={t("parkPicker.typed")}
      hint={t("parkPicker.typedHint")}
      inputMode="numeric"
      maxLength={10}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, ""))}
    />
  );
}
