import type { AdminParkChoices } from "@parkwell/contract";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../../components/ui/form-field";
import { adminApi } from "../api";
import { useCan } from "../me";

export function parkChoicesQuery() {
  return {
    queryKey: ["admin", "dashboard", "parks"] as const,
    queryFn: () => adminApi<AdminParkChoices>("/dashboard/parks"),
    staleTime: 5 * 60_000,
  };
}

/**
 * The park filter of the dashboard and the reports: a list of the user's parks by name, or a park
 * ID to type when the list is not available (no dashboard permission) or not complete.
 */
export function ParkFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation("admin-reports");
  const can = useCan();
  const list = useQuery({ ...parkChoicesQuery(), enabled: can("dashboard.view") });
  const parks = list.data?.complete ? list.data.parks : null;
  if (parks) {
    const known = value === "" || parks.some((p) => String(p.id) === value);
    return (
      <SelectField
        label={t("filters.parkName")}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        options={[
          ["", t("filters.allParks")],
          ...(known ? [] : [[value, `#${value}`] as const]),
          ...parks.map((p) => [String(p.id), `${p.name} (${p.city})`] as const),
        ]}
      />
    );
  }
  return (
    <TextField
      label={t("filters.park")}
      hint={t("filters.parkHint")}
      inputMode="numeric"
      maxLength={10}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, ""))}
    />
  );
}
