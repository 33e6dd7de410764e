import { AcceptInvitationSchema, AcceptNewAccountSchema, type PublicInvitation } from "@parkwell/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { FormAlert } from "../../../components/ui/form-alert";
import {
  InvitationAccountFields,
  type InvitationAccountValues,
} from "../../../components/invitation-account-fields";
import { ApiError } from "../../../lib/api";
import { errorText } from "../../../lib/form-errors";
import { storeSignIn } from "../../../lib/sign-in";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { acceptInvitation, invitationQuery } from "./api";
import "./people.css";

/**
 * /staff-invite/:token, the invitation e-mail's link: who invites you to which operator and
 * role; a new address sets its name and password, an existing account enters its password; then
 * the back office opens, signed in.
 */
export function AcceptInvitePage() {
  const { t } = useTranslation(["admin-people", "admin"]);
  const { token = "" } = useParams();
  const invitation = useQuery(invitationQuery(token));
  return (
    <section className="pp-accept" aria-labelledby="pp-accept-title">
      <h1 id="pp-accept-title">{t("accept.title")}</h1>
      {invitation.isPending ? (
        <p role="status">{t("loading")}</p>
      ) : invitation.isError ? (
        <>
          <FormAlert message={errorText(t, invitation.error)} />
          <p>
            <Link to="/auth">{t("accept.signIn")}</Link>
          </p>
        </>
      ) : (
        <AcceptForm token={token} invitation={invitation.data} />
      )}
    </section>
  );
}

function AcceptForm({ token, invitation }: { token: string; invitation: PublicInvitation }) {
  const { t } = useTranslation(["admin-people", "admin", "auth"]);
  const existing = invitation.account_exists;
  const form = useSchemaForm<
    InvitationAccountValues,
    typeof AcceptNewAccountSchema | typeof AcceptInvitationSchema
  >({
    schema: existing ? AcceptInvitationSchema : AcceptNewAccountSchema,
    defaultValues: { password: "", first_name: "", last_name: "" },
    toInput: (v) => (existing ? { password: v.password } : v),
  });
  const accept = useMutation({
    mutationFn: (v: { password: string; first_name?: string | undefined; last_name?: string | undefined }) =>
      acceptInvitation(token, v),
    onSuccess: (res) => {
      storeSignIn(res);
      // A full load: the header, the profile and every cache start from the new session.
      window.location.assign("/admin");
    },
    onError: (err) => form.showServerErrors(err),
  });
  const failure = accept.isError ? errorText(t, accept.error) : null;
  const signInFirst = accept.error instanceof ApiError && accept.error.code === "sign_in_required";
  const role = t(`admin:roles.${invitation.role}`, { defaultValue: invitation.role });
  return (
    <>
      <p>
        {t("accept.lead", {
          inviter: invitation.invited_by ?? "Parkwell",
          operator: invitation.operator ?? "Parkwell",
          role,
        })}
      </p>
      <form noValidate onSubmit={form.handleSubmit((v) => accept.mutate(v))}>
        <FormAlert message={failure} />
        {signInFirst && (
          <p>
            <Link to="/auth">{t("accept.signIn")}</Link>
          </p>
        )}
        <InvitationAccountFields form={form} email={invitation.email} existing={existing} />
        <button type="submit" className="button button--accent" disabled={accept.isPending}>
          {accept.isPending ? t("auth:loading") : t("accept.submit")}
        </button>
        {existing && (
          <p>
            <Link to="/forgot-password">{t("accept.forgot")}</Link>
          </p>
        )}
      </form>
    </>
  );
}
