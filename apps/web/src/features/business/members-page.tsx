import {
  CreateCompanyInvitationBodySchema,
  type CompanyInvitation,
  type CreateCompanyInvitationBody,
} from "@parkwell/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { FormAlert } from "../../components/ui/form-alert";
import { SelectField, TextField } from "../../components/ui/form-field";
import { Pagination } from "../../components/ui/pagination";
import { errorText } from "../../lib/form-errors";
import { useSchemaForm } from "../../lib/use-schema-form";
import { formatZonedDateTime } from "../../lib/zoned-time";
import {
  companyInvitationsQuery,
  companyMembersQuery,
  inviteToCompany,
  myCompanyQuery,
  removeCompanyMember,
  updateCompanyMember,
  withdrawCompanyInvitation,
} from "./companies-api";
import { companyIdOf, companyWalletQuery } from "./dashboard-api";
import { BusinessLinks, LoadError } from "./overview-page";
import "./dashboard.css";

type Role = "owner" | "admin" | "member";

interface Member {
  id: number;
  name: string;
  email: string;
  role: Role;
  cost_centre: string;
  joined_at: string;
}

/**
 * /business/:id/members: who may pay with the company. Owners and admins invite by e-mail (an
 * admin invites members; only an owner invites or names admins and owners), change a member's
 * role and cost centre, remove a member (company payment stops at once), and see the invitations
 * still open, to send again or withdraw.
 */
export function MembersPage() {
  const { t } = useTranslation(["business", "common", "auth"]);
  const id = companyIdOf(useParams().id) ?? 0;
  const me = useQuery({ ...myCompanyQuery(id), enabled: id > 0 });
  const wallet = useQuery({ ...companyWalletQuery(id), enabled: id > 0 });
  const [page, setPage] = useState(1);
  const members = useQuery({
    ...companyMembersQuery(id, page),
    enabled: id > 0,
    placeholderData: keepPreviousData,
  });
  const zone = wallet.data?.time_zone ?? "UTC";
  const owner = me.data?.role === "owner";

  return (
    <div className="container page business-page">
      <h1>{t("members.title")}</h1>
      <BusinessLinks id={id} />
      <p className="business-muted">{t("members.intro")}</p>
      {members.isError && <LoadError error={members.error} onRetry={() => void members.refetch()} />}
      {members.isPending && <p role="status">{t("common:loading")}</p>}
      {members.data && (
        <>
          <InviteForm id={id} owner={owner} />
          <Invitations id={id} owner={owner} zone={zone} />
          <section className="business-section" aria-labelledby="members-list">
            <h2 id="members-list">{t("members.listTitle", { count: members.data.total })}</h2>
            <ul className="business-list">
              {members.data.items.map((m) => (
                <MemberRow key={m.id} id={id} member={m} owner={owner} zone={zone} />
              ))}
            </ul>
            <Pagination page={members.data.page} pages={members.data.pages} onPage={setPage} />
          </section>
        </>
      )}
    </div>
  );
}

interface InviteValues {
  email: string;
  role: "admin" | "member";
  cost_centre: string;
  language: "en" | "fr";
}

function InviteForm({ id, owner }: { id: number; owner: boolean }) {
  const { t, i18n } = useTranslation(["business", "common", "auth"]);
  const client = useQueryClient();
  const language = i18n.language === "fr" ? "fr" : "en";
  const form = useSchemaForm<InviteValues, typeof CreateCompanyInvitationBodySchema>({
    schema: CreateCompanyInvitationBodySchema,
    defaultValues: { email: "", role: "member", cost_centre: "", language },
  });
  const send = useMutation({
    mutationFn: (body: CreateCompanyInvitationBody) => inviteToCompany(id, body),
    onSuccess: () => {
      form.reset({ email: "", role: "member", cost_centre: "", language });
      void client.invalidateQueries({ queryKey: ["business", id, "invitations"] });
    },
    onError: (err) => void form.showServerErrors(err),
  });
  const errors = form.formState.errors;
  return (
    <section className="business-section" aria-labelledby="members-invite">
      <h2 id="members-invite">{t("members.inviteTitle")}</h2>
      <form className="business-form" noValidate onSubmit={form.handleSubmit((body) => send.mutate(body))}>
        <FormAlert message={form.serverAlert(send.error)} />
        {send.isSuccess && (
          <p className="alert alert--success" role="status">
            {send.data.message}
          </p>
        )}
        <TextField
          label={t("members.email")}
          type="email"
          autoComplete="off"
          required
          error={errors.email?.message}
          {...form.register("email")}
        />
        <SelectField
          label={t("members.role")}
          hint={owner ? undefined : t("members.adminsByOwner")}
          error={errors.role?.message}
          options={[
            ["member", t("companies.roles.member")],
            ...(owner ? ([["admin", t("companies.roles.admin")]] as const) : []),
          ]}
          {...form.register("role")}
        />
        <TextField
          label={t("members.costCentre")}
          hint={t("members.costCentreHint")}
          error={errors.cost_centre?.message}
          {...form.register("cost_centre")}
        />
        <SelectField
          label={t("members.language")}
          defaultValue={language}
          options={[
            ["en", "English"],
            ["fr", "Français"],
          ]}
          {...form.register("language")}
        />
        <button type="submit" className="button button--accent" disabled={send.isPending}>
          {send.isPending ? t("common:loading") : t("members.send")}
        </button>
      </form>
    </section>
  );
}

function Invitations({ id, owner, zone }: { id: number; owner: boolean; zone: string }) {
  const { t, i18n } = useTranslation(["business", "common", "auth"]);
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery({ ...companyInvitationsQuery(id, page), placeholderData: keepPreviousData });
  const refresh = () => void client.invalidateQueries({ queryKey: ["business", id, "invitations"] });
  const withdraw = useMutation({
    mutationFn: (invitationId: string) => withdrawCompanyInvitation(id, invitationId),
    onSuccess: refresh,
  });
  const again = useMutation({
    mutationFn: (inv: CompanyInvitation) =>
      inviteToCompany(id, {
        email: inv.email,
        role: inv.role,
        cost_centre: inv.cost_centre,
        language: i18n.language === "fr" ? "fr" : "en",
      }),
    onSuccess: refresh,
  });
  if (!list.data || list.data.total === 0) return null;
  const failure = withdraw.error ?? again.error;
  return (
    <section className="business-section" aria-labelledby="members-invitations">
      <h2 id="members-invitations">{t("members.invitationsTitle")}</h2>
      {failure && <FormAlert message={errorText(t, failure)} />}
      {again.isSuccess && (
        <p className="alert alert--success" role="status">
          {again.data.message}
        </p>
      )}
      <ul className="business-list">
        {list.data.items.map((inv) => {
          const mayTouch = owner || inv.role === "member";
          return (
            <li key={inv.id} className="business-row business-row--actions">
              <strong>{inv.email}</strong>
              <span className="business-row__meta">
                {t(`companies.roles.${inv.role}`)}
                {inv.cost_centre ? ` · ${inv.cost_centre}` : ""}
                {inv.invited_by ? ` · ${t("members.invitedBy", { name: inv.invited_by })}` : ""} ·{" "}
                {inv.status === "expired"
                  ? t("members.expired")
                  : t("members.expires", {
                      at: formatZonedDateTime(inv.expires_at, i18n.language, zone),
                    })}
              </span>
              {mayTouch && (
                <span className="business-actions">
                  <button
                    type="button"
                    className="button"
                    disabled={again.isPending}
                    onClick={() => again.mutate(inv)}
                    aria-label={t("members.sendAgainTo", { email: inv.email })}
                  >
                    {t("members.sendAgain")}
                  </button>
                  <button
                    type="button"
                    className="button"
                    disabled={withdraw.isPending}
                    onClick={() => withdraw.mutate(inv.id)}
                    aria-label={t("members.withdrawFor", { email: inv.email })}
                  >
                    {t("members.withdraw")}
                  </button>
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <Pagination page={list.data.page} pages={list.data.pages} onPage={setPage} />
    </section>
  );
}

function MemberRow({
  id,
  member,
  owner,
  zone,
}: {
  id: number;
  member: Member;
  owner: boolean;
  zone: string;
}) {
  const { t, i18n } = useTranslation(["business", "common", "auth"]);
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [role, setRole] = useState<Role>(member.role);
  const [costCentre, setCostCentre] = useState(member.cost_centre);
  const refresh = () => void client.invalidateQueries({ queryKey: ["business", id] });
  const save = useMutation({
    mutationFn: () =>
      updateCompanyMember(id, member.id, {
        ...(role !== member.role ? { role } : {}),
        cost_centre: costCentre,
      }),
    onSuccess: () => {
      setEditing(false);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => removeCompanyMember(id, member.id),
    onSuccess: () => {
      setConfirming(false);
      refresh();
    },
  });
  // Owners and admins are changed and removed by an owner only; an admin manages members.
  const mayManage = owner || member.role === "member";
  const label = member.name || member.email;
  return (
    <li className="business-row business-row--actions">
      <strong>{label}</strong>
      <span className="business-row__meta">
        {member.name ? `${member.email} · ` : ""}
        {t(`companies.roles.${member.role}`)}
        {member.cost_centre ? ` · ${member.cost_centre}` : ""} ·{" "}
        {t("members.joined", { at: formatZonedDateTime(member.joined_at, i18n.language, zone) })}
      </span>
      {mayManage && !editing && (
        <span className="business-actions">
          <button
            type="button"
            className="button"
            onClick={() => setEditing(true)}
            aria-label={t("members.editFor", { name: label })}
          >
            {t("members.edit")}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => setConfirming(true)}
            aria-label={t("members.removeFor", { name: label })}
          >
            {t("members.remove")}
          </button>
        </span>
      )}
      {editing && (
        <form
          className="business-form business-row__form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          {save.error && <FormAlert message={errorText(t, save.error)} />}
          {owner && (
            <SelectField
              label={t("members.role")}
              value={role}
              onChange={(e) => setRole(e.target.value as Role)}
              options={[
                ["member", t("companies.roles.member")],
                ["admin", t("companies.roles.admin")],
                ["owner", t("companies.roles.owner")],
              ]}
            />
          )}
          <TextField
            label={t("members.costCentre")}
            value={costCentre}
            maxLength={60}
            onChange={(e) => setCostCentre(e.target.value)}
          />
          <span className="business-actions">
            <button type="submit" className="button button--accent" disabled={save.isPending}>
              {save.isPending ? t("common:loading") : t("members.save")}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setEditing(false);
                setRole(member.role);
                setCostCentre(member.cost_centre);
              }}
            >
              {t("members.cancel")}
            </button>
          </span>
        </form>
      )}
      <ConfirmDialog
        open={confirming}
        title={t("members.removeTitle", { name: label })}
        message={t("members.removeMessage")}
        cancelLabel={t("members.cancel")}
        confirmLabel={t("members.remove")}
        busyLabel={t("common:loading")}
        danger
        busy={remove.isPending}
        error={remove.error ? errorText(t, remove.error) : null}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}
