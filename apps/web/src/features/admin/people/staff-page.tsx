import {
  CreateInvitationSchema,
  UpdateStaffSchema,
  type InvitableRole,
  type Invitation,
  type StaffMember,
  type StaffOptions,
} from "@parkwell/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../../components/ui/form-alert";
import { Field, SelectField, TextField } from "../../../components/ui/form-field";
import { formatDateTime } from "./format";
import { errorText } from "../../../lib/form-errors";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { useAdminMe, useCan } from "../me";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { DataTable, type Column } from "../ui/data-table";
import { FilterBar } from "../ui/filter-bar";
import { PageHeader } from "../ui/page-header";
import { ParkPicker } from "../ui/park-picker";
import { usePageParams } from "../ui/use-page-params";
import { useUrlFilters } from "../ui/use-url-filters";
import {
  invitationsQuery,
  inviteStaff,
  removeStaff,
  resendInvitation,
  revokeInvitation,
  staffOptionsQuery,
  staffQuery,
  updateStaff,
} from "./api";
import { FormDialog } from "./form-dialog";
import "./people.css";

const FILTERS = ["search", "role", "operator_id"] as const;
const EVERY_PARK: readonly string[] = ["admin", "branch_manager"];

/** Staff: the members (edit, remove), the open invitations (resend, withdraw) and the invite form. */
export function StaffPage() {
  const { t, i18n } = useTranslation(["admin-people", "admin"]);
  const can = useCan();
  const me = useAdminMe().data;
  const queryClient = useQueryClient();
  const filters = useUrlFilters(FILTERS);
  const { applied, draft, set } = filters;
  const { page, size } = usePageParams();
  const list = useQuery({ ...staffQuery(applied, page, size), placeholderData: keepPreviousData });
  const options = useQuery(staffOptionsQuery());
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const isAdmin = me?.role === "admin";
  const lang = i18n.language;

  const refresh = () => queryClient.invalidateQueries({ queryKey: ["admin"] });
  const remove = useMutation({
    mutationFn: (s: StaffMember) => removeStaff(s.id),
    onSuccess: async (res) => {
      setRemoving(null);
      setNotice(res.message);
      await refresh();
    },
  });

  const roleName = (role: string) => t(`admin:roles.${role}`, { defaultValue: role });
  const columns: Column<StaffMember>[] = [
    {
      key: "name",
      header: t("staff.columns.name"),
      cell: (s) => (
        <>
          <strong>{`${s.first_name} ${s.last_name}`.trim()}</strong>
          <br />
          <span className="pp-muted">{s.email}</span>
        </>
      ),
    },
    { key: "role", header: t("staff.columns.role"), cell: (s) => roleName(s.role) },
    ...(isAdmin
      ? [
          {
            key: "operator",
            header: t("staff.columns.operator"),
            cell: (s: StaffMember) => s.operator?.name ?? "Parkwell",
          },
        ]
      : []),
    {
      key: "parks",
      header: t("staff.columns.parks"),
      cell: (s) =>
        s.parks === null ? (
          <span className="pp-muted">{t("staff.everyPark")}</span>
        ) : s.parks.length === 0 ? (
          <span className="pp-muted">{t("staff.noPark")}</span>
        ) : (
          <ParkNames parks={s.parks} />
        ),
    },
    {
      key: "status",
      header: t("staff.columns.status"),
      cell: (s) => (
        <>
          <span className={`pp-badge pp-badge--${s.status}`}>{t(`status.${s.status}`)}</span>
          <br />
          <span className="pp-muted">
            {s.last_sign_in_at
              ? t("staff.lastSignIn", { time: formatDateTime(s.last_sign_in_at, lang) })
              : t("staff.neverSignedIn")}
          </span>
        </>
      ),
    },
    {
      key: "actions",
      header: <span className="visually-hidden">{t("actions")}</span>,
      cell: (s) =>
        s.id === me?.user.id ? (
          <span className="pp-muted">{t("staff.you")}</span>
        ) : (
          <div className="pp-row-actions">
            {can("staff.update") && (
              <button type="button" className="button" onClick={() => setEditing(s)}>
                {t("staff.edit")}
                <span className="visually-hidden"> {s.email}</span>
              </button>
            )}
            {can("staff.delete") && (
              <button type="button" className="button" onClick={() => setRemoving(s)}>
                {t("staff.remove")}
                <span className="visually-hidden"> {s.email}</span>
              </button>
            )}
          </div>
        ),
    },
  ];

  const roles = options.data?.roles ?? [];
  return (
    <>
      <PageHeader
        title={t("staff.title")}
        description={t("staff.description")}
        actions={
          can("staff.create") && (
            <button type="button" className="button button--accent" onClick={() => setInviting(true)}>
              {t("staff.invite")}
            </button>
          )
        }
      />
      <FormAlert message={notice} tone="success" />
      <FilterBar onApply={filters.apply} onReset={filters.reset}>
        <TextField
          label={t("staff.filters.search")}
          value={draft.search}
          maxLength={200}
          onChange={(e) => set("search", e.target.value)}
        />
        <SelectField
          label={t("staff.filters.role")}
          options={[["", t("staff.filters.anyRole")], ...roles.map((r) => [r, roleName(r)] as const)]}
          value={draft.role}
          onChange={(e) => set("role", e.target.value)}
        />
        {isAdmin && (
          <SelectField
            label={t("staff.filters.operator")}
            options={[
              ["", t("staff.filters.anyOperator")],
              ...(options.data?.operators ?? []).map((o) => [String(o.id), o.name] as const),
            ]}
            value={draft.operator_id}
            onChange={(e) => set("operator_id", e.target.value)}
          />
        )}
      </FilterBar>
      <DataTable
        caption={t("staff.title")}
        columns={columns}
        rowKey={(s) => s.id}
        query={list}
        emptyText={t("staff.empty")}
      />
      <Invitations onNotice={setNotice} />
      {options.data && (
        <>
          <InviteDialog
            open={inviting}
            options={options.data}
            isAdmin={isAdmin}
            onClose={() => setInviting(false)}
            onSent={async (message) => {
              setInviting(false);
              setNotice(message);
              await refresh();
            }}
          />
          <EditDialog
            member={editing}
            options={options.data}
            onClose={() => setEditing(null)}
            onSaved={async () => {
              setEditing(null);
              setNotice(t("staff.saved"));
              await refresh();
            }}
          />
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t("staff.removeTitle")}
        message={t("staff.removeText", {
          name: removing ? `${removing.first_name} ${removing.last_name}` : "",
        })}
        confirmLabel={t("staff.remove")}
        danger
        busy={remove.isPending}
        error={remove.isError ? errorText(t, remove.error) : null}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => {
          remove.reset();
          setRemoving(null);
        }}
      />
    </>
  );
}

/** A few park names, and how many more (all of them in the edit form). */
function ParkNames({ parks }: { parks: { id: number; name: string }[] }) {
  const { t } = useTranslation("admin-people");
  const shown = parks.slice(0, 3).map((p) => p.name);
  const more = parks.length - shown.length;
  return (
    <span title={parks.map((p) => p.name).join(", ")}>
      {shown.join(", ")}
      {more > 0 && <span className="pp-muted"> {t("staff.moreParks", { count: more })}</span>}
    </span>
  );
}

/** The invitations not accepted yet (the first 100, newest first), with resend and withdraw. */
function Invitations({ onNotice }: { onNotice: (message: string) => void }) {
  const { t, i18n } = useTranslation(["admin-people", "admin"]);
  const can = useCan();
  const queryClient = useQueryClient();
  const list = useQuery(invitationsQuery(1, 100));
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const done = async (res: { message: string }) => {
    onNotice(res.message);
    setRevoking(null);
    await queryClient.invalidateQueries({ queryKey: ["admin", "staff-invitations"] });
  };
  const resend = useMutation({ mutationFn: (i: Invitation) => resendInvitation(i.id), onSuccess: done });
  const revoke = useMutation({ mutationFn: (i: Invitation) => revokeInvitation(i.id), onSuccess: done });
  const items = list.data?.items ?? [];
  return (
    <section className="pp-section" aria-labelledby="pp-invitations">
      <h2 id="pp-invitations">{t("invitations.title")}</h2>
      <FormAlert message={resend.isError ? errorText(t, resend.error) : null} />
      {list.isPending ? null : items.length === 0 ? (
        <p className="pp-muted">{t("invitations.empty")}</p>
      ) : (
        <div className="admin-table__scroll" role="region" aria-labelledby="pp-invitations" tabIndex={0}>
          <table className="pp-simple-table">
            <thead>
              <tr>
                <th scope="col">{t("invitations.columns.email")}</th>
                <th scope="col">{t("invitations.columns.role")}</th>
                <th scope="col">{t("invitations.columns.status")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((i) => (
                <tr key={i.id}>
                  <td>
                    {i.email}
                    <br />
                    <span className="pp-muted">
                      {[i.operator?.name, i.parks.map((p) => p.name).join(", ")].filter(Boolean).join(" · ")}
                    </span>
                  </td>
                  <td>{t(`admin:roles.${i.role}`, { defaultValue: i.role })}</td>
                  <td>
                    <span className={`pp-badge pp-badge--${i.status}`}>
                      {t(`invitations.status.${i.status}`)}
                    </span>
                    <br />
                    <span className="pp-muted">
                      {t("invitations.expires", { time: formatDateTime(i.expires_at, i18n.language) })}
                    </span>
                  </td>
                  <td>
                    <div className="pp-row-actions">
                      {can("staff.create") && (
                        <button
                          type="button"
                          className="button"
                          disabled={resend.isPending}
                          onClick={() => resend.mutate(i)}
                        >
                          {t("invitations.resend")}
                          <span className="visually-hidden"> {i.email}</span>
                        </button>
                      )}
                      {can("staff.delete") && (
                        <button type="button" className="button" onClick={() => setRevoking(i)}>
                          {t("invitations.revoke")}
                          <span className="visually-hidden"> {i.email}</span>
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={t("invitations.revokeTitle")}
        message={t("invitations.revokeText", { email: revoking?.email ?? "" })}
        confirmLabel={t("invitations.revoke")}
        danger
        busy={revoke.isPending}
        error={revoke.isError ? errorText(t, revoke.error) : null}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onCancel={() => {
          revoke.reset();
          setRevoking(null);
        }}
      />
    </section>
  );
}

interface InviteValues {
  email: string;
  role: string;
  operator_id: string;
  park_ids: string[];
  language: string;
}

/**
 * The parks to choose for a role: the user's parks of the member's operator (the one park picker),
 * checkboxes, grouped by nothing (city beside the name).
 */
function ParkChoices({
  permission,
  operator,
  field,
  error,
}: {
  permission: "staff.create" | "staff.update";
  operator: number;
  field: UseFormRegisterReturn;
  error: string | undefined;
}) {
  const { t } = useTranslation("admin-people");
  return (
    <Field label={t("form.parks")} error={error} hint={t("form.parksHint")}>
      {(control) => (
        <div
          className="pp-parks"
          role="group"
          aria-label={t("form.parks")}
          aria-describedby={control["aria-describedby"]}
          id={control.id}
        >
          <ParkPicker
            permission={permission}
            status="any"
            operator={operator}
            field={field}
            className="pp-park"
            name={(p) => (
              <span>
                {p.name} <span className="pp-muted">· {p.city}</span>
              </span>
            )}
            empty={<span className="pp-muted">{t("form.noParks")}</span>}
          />
        </div>
      )}
    </Field>
  );
}

function InviteDialog({
  open,
  options,
  isAdmin,
  onClose,
  onSent,
}: {
  open: boolean;
  options: StaffOptions;
  isAdmin: boolean;
  onClose: () => void;
  onSent: (message: string) => Promise<void>;
}) {
  const { t, i18n } = useTranslation(["admin-people", "admin"]);
  const defaults: InviteValues = {
    email: "",
    role: options.roles.includes("employee") ? "employee" : (options.roles[0] ?? ""),
    operator_id: options.operators.length === 1 ? String(options.operators[0]!.id) : "",
    park_ids: [],
    language: i18n.language === "fr" ? "fr" : "en",
  };
  const form = useSchemaForm<InviteValues, typeof CreateInvitationSchema>({
    schema: CreateInvitationSchema,
    defaultValues: defaults,
    toInput: (v) => ({
      email: v.email,
      role: v.role,
      park_ids: EVERY_PARK.includes(v.role) ? [] : (v.park_ids ?? []).map(Number),
      operator_id: isAdmin && v.role !== "admin" && v.operator_id ? Number(v.operator_id) : null,
      language: v.language,
    }),
  });
  const send = useMutation({
    mutationFn: inviteStaff,
    onSuccess: async (res) => {
      form.reset(defaults);
      await onSent(res.message);
    },
    onError: (err) => form.showServerErrors(err),
  });
  const role = form.watch("role");
  const operatorId = form.watch("operator_id");
  const operator = options.operators.find((o) => String(o.id) === operatorId);
  const errors = form.formState.errors;
  return (
    <FormDialog open={open} title={t("invite.title")} busy={send.isPending} onClose={onClose}>
      <form noValidate onSubmit={form.handleSubmit((v) => send.mutate(v))}>
        <p className="pp-muted">{t("invite.lead")}</p>
        <FormAlert message={send.isError ? errorText(t, send.error) : null} />
        <TextField
          label={t("form.email")}
          type="email"
          autoComplete="off"
          required
          error={errors.email?.message}
          {...form.register("email")}
        />
        <SelectField
          label={t("form.role")}
          options={options.roles.map((r) => [r, t(`admin:roles.${r}`, { defaultValue: r })] as const)}
          error={errors.role?.message}
          {...form.register("role")}
        />
        {isAdmin && role !== "admin" && (
          <SelectField
            label={t("form.operator")}
            options={[
              ["", t("form.chooseOperator")],
              ...options.operators.map((o) => [String(o.id), o.name] as const),
            ]}
            error={errors.operator_id?.message}
            {...form.register("operator_id")}
          />
        )}
        {!EVERY_PARK.includes(role) && operator && (
          <ParkChoices
            permission="staff.create"
            operator={operator.id}
            field={form.register("park_ids")}
            error={errors.park_ids?.message}
          />
        )}
        {EVERY_PARK.includes(role) && <p className="pp-muted">{t("form.everyParkNote")}</p>}
        <SelectField
          label={t("form.language")}
          hint={t("form.languageHint")}
          options={[
            ["en", "English"],
            ["fr", "Français"],
          ]}
          {...form.register("language")}
        />
        <div className="admin-dialog__actions">
          <button type="button" className="button" disabled={send.isPending} onClick={onClose}>
            {t("admin:confirm.cancel")}
          </button>
          <button type="submit" className="button button--accent" disabled={send.isPending}>
            {send.isPending ? t("admin:confirm.busy") : t("invite.submit")}
          </button>
        </div>
      </form>
    </FormDialog>
  );
}

interface EditValues {
  role: string;
  park_ids: string[];
}

function EditDialog({
  member,
  options,
  onClose,
  onSaved,
}: {
  member: StaffMember | null;
  options: StaffOptions;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation(["admin-people", "admin"]);
  const values: EditValues = {
    role: member?.role ?? "",
    park_ids: (member?.parks ?? []).map((p) => String(p.id)),
  };
  const form = useSchemaForm<EditValues, typeof UpdateStaffSchema>({
    schema: UpdateStaffSchema,
    defaultValues: values,
    values,
    toInput: (v) => ({
      role: v.role,
      park_ids: EVERY_PARK.includes(v.role) ? [] : (v.park_ids ?? []).map(Number),
    }),
  });
  const save = useMutation({
    mutationFn: (body: { role?: InvitableRole | undefined; park_ids?: number[] | undefined }) =>
      updateStaff(member!.id, body),
    onSuccess: onSaved,
    onError: (err) => form.showServerErrors(err),
  });
  const role = form.watch("role");
  const operator = options.operators.find((o) => o.id === member?.operator?.id);
  const roles = member && !options.roles.includes(member.role as InvitableRole) ? [] : options.roles;
  return (
    <FormDialog
      open={member !== null}
      title={t("edit.title", { name: member ? `${member.first_name} ${member.last_name}` : "" })}
      busy={save.isPending}
      onClose={() => {
        save.reset();
        onClose();
      }}
    >
      <form noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))}>
        <FormAlert message={save.isError ? errorText(t, save.error) : null} />
        <SelectField
          label={t("form.role")}
          options={roles.map((r) => [r, t(`admin:roles.${r}`, { defaultValue: r })] as const)}
          error={form.formState.errors.role?.message}
          {...form.register("role")}
        />
        {!EVERY_PARK.includes(role) && operator && (
          <ParkChoices
            permission="staff.update"
            operator={operator.id}
            field={form.register("park_ids")}
            error={form.formState.errors.park_ids?.message}
          />
        )}
        {EVERY_PARK.includes(role) && <p className="pp-muted">{t("form.everyParkNote")}</p>}
        <div className="admin-dialog__actions">
          <button type="button" className="button" disabled={save.isPending} onClick={onClose}>
            {t("admin:confirm.cancel")}
          </button>
          <button type="submit" className="button button--accent" disabled={save.isPending}>
            {save.isPending ? t("admin:confirm.busy") : t("edit.submit")}
          </button>
        </div>
      </form>
    </FormDialog>
  );
}
