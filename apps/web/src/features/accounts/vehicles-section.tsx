import type { Vehicle } from "@parkwell/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { savedVehiclesQuery } from "../../lib/queries";
import { deleteVehicle, setDefaultVehicle } from "./api";
import { errorText } from "../../lib/form-errors";
import { FormAlert } from "../../components/ui/form-alert";
import { VehicleForm } from "./vehicle-form";
import { vehicleTypeLabel } from "../../lib/format";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";

/** Saved vehicles: list, add, edit, delete, and choose the default (exactly one). */
export function VehiclesSection() {
  const { t } = useTranslation(["account", "auth", "bookings"]);
  const queryClient = useQueryClient();
  const vehicles = useQuery(savedVehiclesQuery());
  const [editing, setEditing] = useState<Vehicle | "new" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [removing, setRemoving] = useState<Vehicle | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: savedVehiclesQuery().queryKey });
  const action = useMutation({
    mutationFn: async ({ kind, id }: { kind: "default" | "delete"; id: number }): Promise<void> => {
      if (kind === "default") await setDefaultVehicle(id);
      else await deleteVehicle(id);
    },
    onMutate: () => setError(null),
    onError: (err) => setError(errorText(t, err)),
    onSuccess: (_, { kind }) => {
      if (kind !== "delete") return;
      setRemoving(null);
      // The vehicle's Delete button went with it: the focus goes to the list's heading.
      headingRef.current?.focus();
    },
    onSettled: refresh,
  });

  return (
    <section className="acc-section" aria-labelledby="vehicles-title">
      <div className="acc-profile__head">
        <h2 id="vehicles-title" ref={headingRef} tabIndex={-1}>
          {t("vehicles.title")}
        </h2>
        {editing === null ? (
          <button type="button" className="button button--accent" onClick={() => setEditing("new")}>
            {t("vehicles.add")}
          </button>
        ) : null}
      </div>
      <FormAlert message={error} />
      {editing !== null ? (
        <VehicleForm
          vehicle={editing === "new" ? null : editing}
          onDone={() => {
            setEditing(null);
            void refresh();
          }}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      {vehicles.isPending ? <p role="status">{t("loading")}</p> : null}
      {vehicles.isError ? <FormAlert message={errorText(t, vehicles.error)} /> : null}
      {vehicles.data?.length === 0 ? <p className="acc-muted">{t("vehicles.empty")}</p> : null}
      <ul className="acc-vehicles">
        {vehicles.data?.map((v) => (
          <li key={v.id} className="acc-vehicle" aria-label={v.plate_number}>
            <div>
              <strong className="acc-vehicle__plate">{v.plate_number}</strong>
              {v.is_default ? <span className="acc-badge">{t("vehicles.default")}</span> : null}
              <p className="acc-muted">
                {[
                  v.nickname,
                  vehicleTypeLabel(t, v.vehicle_type_id, v.vehicle_type_name),
                  v.make,
                  v.model,
                  v.color,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
            </div>
            <div className="acc-vehicle__actions">
              {!v.is_default ? (
                <button
                  type="button"
                  className="button"
                  disabled={action.isPending}
                  onClick={() => action.mutate({ kind: "default", id: v.id })}
                >
                  {t("vehicles.setDefault")}
                </button>
              ) : null}
              <button type="button" className="button" onClick={() => setEditing(v)}>
                {t("vehicles.edit")}
              </button>
              <button
                type="button"
                className="button"
                disabled={action.isPending}
                onClick={() => setRemoving(v)}
              >
                {t("vehicles.delete")}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        title={t("vehicles.confirmDelete", { plate: removing?.plate_number ?? "" })}
        message={t("vehicles.deleteMessage", { plate: removing?.plate_number ?? "" })}
        cancelLabel={t("vehicles.keep")}
        confirmLabel={t("vehicles.deleteConfirm")}
        busyLabel={t("vehicles.deleting")}
        danger
        busy={action.isPending}
        error={error}
        onConfirm={() => removing && action.mutate({ kind: "delete", id: removing.id })}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
