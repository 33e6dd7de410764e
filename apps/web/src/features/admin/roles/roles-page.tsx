import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { FormAlert } from "../../../components/ui/form-alert";
import { ApiError } from "../../../lib/api";
import { errorText } from "../../../lib/form-errors";
import { adminMeQuery } from "../../../lib/queries";
import { useCan } from "../me";
import { PageHeader } from "../ui/page-header";
import { LoadingState } from "../ui/states";
import { rolesQuery, saveRole, type AdminRole, type RolesMatrix } from "./api";
import { permissionOf, samePermissions, setPermission } from "./matrix";

/** The failure of a save as one line: a 422's field messages (unknown permissions), else the error's text. */
function saveError(t: ReturnType<typeof useTranslation>["t"], err: unknown): string {
  if (err instanceof ApiError && err.fields && Object.keys(err.fields).length > 0)
    return Object.values(err.fields).join(" ");
  return errorText(t, err);
}

/** The roles as tabs (arrow keys move between them, as in any tab list). */
function RoleTabs({
  roles,
  current,
  dirty,
  onSelect,
}: {
  roles: AdminRole[];
  current: string;
  dirty: (key: string) => boolean;
  onSelect: (key: string) => void;
}) {
  const { t } = useTranslation("admin");
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const onKeyDown = (e: KeyboardEvent) => {
    const i = roles.findIndex((r) => r.key === current);
    const next =
      e.key === "ArrowRight" || e.key === "ArrowDown"
        ? (i + 1) % roles.length
        : e.key === "ArrowLeft" || e.key === "ArrowUp"
          ? (i - 1 + roles.length) % roles.length
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? roles.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    const key = roles[next]!.key;
    onSelect(key);
    refs.current.get(key)?.focus();
  };
  return (
    <div className="admin-tabs" role="tablist" aria-label={t("rolesPage.roleTabs")} onKeyDown={onKeyDown}>
      {roles.map((role) => (
        <button
          key={role.key}
          ref={(el) => {
            if (el) refs.current.set(role.key, el);
            else refs.current.delete(role.key);
          }}
          type="button"
          role="tab"
          id={`role-tab-${role.key}`}
          aria-selected={role.key === current}
          aria-controls="role-panel"
          tabIndex={role.key === current ? 0 : -1}
          className="admin-tabs__tab"
          onClick={() => onSelect(role.key)}
        >
          {t(`roles.${role.key}`, { defaultValue: role.key })}
          {dirty(role.key) && (
            <span className="admin-tabs__dirty" title={t("rolesPage.unsaved")}>
              <span aria-hidden="true"> •</span>
              <span className="visually-hidden"> ({t("rolesPage.unsaved")})</span>
            </span>
          )}
        </button>
      ))}
    </div>
  );
}

/** The administrator first, then the roles that can be edited, then the other fixed ones (customer). */
function tabOrder(roles: AdminRole[]): AdminRole[] {
  const rank = (r: AdminRole) => (r.key === "admin" ? 0 : r.editable ? 1 : 2);
  return [...roles].sort((a, b) => rank(a) - rank(b));
}

function Matrix({ matrix }: { matrix: RolesMatrix }) {
  const { t } = useTranslation(["admin", "auth"]);
  const can = useCan();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  // Changes not saved yet, per role: switching tabs keeps them.
  const [drafts, setDrafts] = useState<Record<string, string[]>>({});
  const { sections, actions } = matrix;
  const roles = tabOrder(matrix.roles);
  // The role in the URL (?role=employee), else the first one that can be edited.
  const role = roles.find((r) => r.key === search.get("role")) ?? roles.find((r) => r.editable) ?? roles[0];
  const save = useMutation({
    mutationFn: ({ key, permissions }: { key: string; permissions: string[] }) => saveRole(key, permissions),
    onSuccess: (saved) => {
      queryClient.setQueryData(rolesQuery().queryKey, (old) =>
        old ? { ...old, roles: old.roles.map((r) => (r.key === saved.key ? saved : r)) } : old,
      );
      setDrafts(({ [saved.key]: _, ...rest }) => rest);
      // The signed-in user's own role may have changed: the nav and the guard read /admin/me.
      void queryClient.invalidateQueries({ queryKey: adminMeQuery().queryKey });
    },
  });
  if (!role) return null;

  const roleName = (key: string) => t(`roles.${key}`, { defaultValue: key });
  const editable = role.editable && can("roles.update");
  // A fixed row (administrator: everything; customer: nothing) shows what the server says.
  const shown = role.editable ? (drafts[role.key] ?? role.permissions) : role.permissions;
  const isDirty = (key: string) => {
    const r = roles.find((x) => x.key === key);
    return Boolean(r && drafts[key] && !samePermissions(drafts[key], r.permissions));
  };
  const dirty = isDirty(role.key);
  const select = (key: string) => {
    save.reset();
    setSearch(
      (s) => {
        const next = new URLSearchParams(s);
        next.set("role", key);
        return next;
      },
      { replace: true },
    );
  };
  const toggle = (permission: string, on: boolean) => {
    save.reset();
    setDrafts((d) => ({
      ...d,
      [role.key]: setPermission(d[role.key] ?? role.permissions, permission, on, sections, actions),
    }));
  };
  const savedHere = save.isSuccess && save.variables?.key === role.key;
  const failedHere = save.isError && save.variables?.key === role.key;

  return (
    <>
      <RoleTabs roles={roles} current={role.key} dirty={isDirty} onSelect={select} />
      <div role="tabpanel" id="role-panel" aria-labelledby={`role-tab-${role.key}`} className="admin-roles">
        {!role.editable && (
          <p className="notice">
            {t(
              role.key === "admin"
                ? "rolesPage.adminNote"
                : role.key === "customer"
                  ? "rolesPage.customerNote"
                  : "rolesPage.fixedNote",
            )}
          </p>
        )}
        {role.editable && !can("roles.update") && <p className="notice">{t("rolesPage.readOnly")}</p>}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (editable && dirty) save.mutate({ key: role.key, permissions: shown });
          }}
        >
          <div
            className="admin-table__scroll"
            role="region"
            aria-label={t("rolesPage.scrollHint")}
            tabIndex={0}
          >
            <table className="admin-matrix">
              <caption>{t("rolesPage.matrixCaption", { role: roleName(role.key) })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("rolesPage.section")}</th>
                  {actions.map((a) => (
                    <th key={a} scope="col">
                      {t(`actions.${a}`, { defaultValue: a })}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {sections.map((s) => (
                  <tr key={s}>
                    <th scope="row">{t(`sections.${s}`, { defaultValue: s })}</th>
                    {actions.map((a) => {
                      const permission = permissionOf(s, a);
                      return (
                        <td key={a}>
                          <label className="admin-matrix__cell">
                            <input
                              type="checkbox"
                              name={permission}
                              checked={shown.includes(permission)}
                              disabled={!editable || save.isPending}
                              onChange={(e) => toggle(permission, e.target.checked)}
                            />
                            <span className="visually-hidden">
                              {t("rolesPage.cell", {
                                section: t(`sections.${s}`, { defaultValue: s }),
                                action: t(`actions.${a}`, { defaultValue: a }),
                              })}
                            </span>
                          </label>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <FormAlert message={failedHere ? saveError(t, save.error) : null} />
          <FormAlert
            tone="success"
            message={savedHere ? t("rolesPage.saved", { role: roleName(role.key) }) : null}
          />
          {editable && (
            <div className="admin-form-actions">
              <button type="submit" className="button button--accent" disabled={!dirty || save.isPending}>
                {save.isPending ? t("rolesPage.saving") : t("rolesPage.save")}
              </button>
              {dirty && (
                <button
                  type="button"
                  className="button"
                  disabled={save.isPending}
                  onClick={() => setDrafts(({ [role.key]: _, ...rest }) => rest)}
                >
                  {t("rolesPage.discard")}
                </button>
              )}
              {dirty && <span className="admin-form-actions__hint">{t("rolesPage.unsaved")}</span>}
            </div>
          )}
        </form>
      </div>
    </>
  );
}

/** Role & Permissions: one role at a time, sections by actions; the administrator's row is fixed. */
export function RolesPage() {
  const { t } = useTranslation(["admin", "auth"]);
  const roles = useQuery(rolesQuery());
  return (
    <>
      <PageHeader title={t("rolesPage.title")} description={t("rolesPage.intro")} />
      {roles.isPending ? (
        <LoadingState text={t("loading")} />
      ) : roles.isError ? (
        <FormAlert message={errorText(t, roles.error)} />
      ) : (
        <Matrix matrix={roles.data} />
      )}
    </>
  );
}
