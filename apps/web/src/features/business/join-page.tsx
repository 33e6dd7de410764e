import {
  AcceptInvitationSchema,
  AcceptNewAccountSchema,
  AcceptTermsSchema,
  type AcceptCompanyInvitationBody,
  type CompanyJoined,
  type PublicCompanyInvitation,
} from "@parkwell/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { z } from "zod";
import { TermsCheckbox } from "../../components/terms-checkbox";
import { FormAlert } from "../../components/ui/form-alert";
import {
  InvitationAccountFields,
  type InvitationAccountValues,
} from "../../components/invitation-account-fields";
import { ApiError } from "../../lib/api";
import { errorText } from "../../lib/form-errors";
import { logout } from "../../lib/logout";
import { useSession } from "../../lib/session";
import { storeSignIn } from "../../lib/sign-in";
import { useSchemaForm } from "../../lib/use-schema-form";
import { acceptCompanyInvitation, companyInvitationQuery } from "./companies-api";
import "./dashboard.css";

/**
 * What each way of joining sends: the Terms box always (the API records the current Terms with the
 * membership and refuses a join without it); an existing account's password; a new one's name too.
 */
const TermsOnlySchema = z.object({ accept_terms: AcceptTermsSchema });
const ExistingAccountSchema = AcceptInvitationSchema.extend(TermsOnlySchema.shape);
const NewAccountSchema = AcceptNewAccountSchema.extend(TermsOnlySchema.shape);
type JoinValues = InvitationAccountValues & { accept_terms: boolean };

/** Signs in with what joining answers, under the app's storage keys, then opens the companies. */
function signInAndOpen(res: CompanyJoined) {
  storeSignIn(res);
  // A full load: the header, the profile and every cache start from the new session.
  window.location.assign("/business");
}

/**
 * /business-invite?token=…, the company invitation e-mail's link: who invites you to which
 * company; signed in as the invited address, the Terms box and one button join; an existing
 * account not signed in gives its password; a new address registers here with a name and a
 * password. Every way ticks the Terms box.
 */
export function JoinCompanyPage() {
  const { t } = useTranslation(["business", "common", "auth"]);
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const invitation = useQuery({ ...companyInvitationQuery(token), enabled: token !== "" });
  return (
    <div className="container page business-page">
      <h1>{t("join.title")}</h1>
      {!token ? (
        <p role="alert">{t("join.noToken")}</p>
      ) : invitation.isPending ? (
        <p role="status">{t("common:loading")}</p>
      ) : invitation.isError ? (
        <>
          <FormAlert message={errorText(t, invitation.error)} />
          <p>
            <Link to="/business">{t("companies.title")}</Link>
          </p>
        </>
      ) : (
        <Join token={token} invitation={invitation.data} />
      )}
    </div>
  );
}

function Join({ token, invitation }: { token: string; invitation: PublicCompanyInvitation }) {
  const { t } = useTranslation(["business", "common", "auth"]);
  const session = useSession();
  const mine = session.profile?.email?.toLowerCase();
  const role = t(`join.roles.${invitation.role}`);
  const lead = t("join.lead", {
    inviter: invitation.invited_by ?? invitation.company,
    company: invitation.company,
    role,
  });
  if (session.signedIn && mine && mine !== invitation.email.toLowerCase()) {
    return (
      <>
        <p>{lead}</p>
        <p className="alert alert--error" role="alert">
          {t("join.otherAccount", { email: invitation.email, mine })}
        </p>
        <button
          type="button"
          className="button"
          onClick={() => void logout(`/business-invite?token=${encodeURIComponent(token)}`)}
        >
          {t("join.signOut")}
        </button>
      </>
    );
  }
  return (
    <>
      <p>{lead}</p>
      <p className="business-muted">{t("join.what")}</p>
      {session.signedIn ? <JoinSignedIn token={token} /> : <JoinForm token={token} invitation={invitation} />}
    </>
  );
}

function JoinSignedIn({ token }: { token: string }) {
  const { t } = useTranslation(["business", "common", "auth"]);
  const form = useSchemaForm<{ accept_terms: boolean }, typeof TermsOnlySchema>({
    schema: TermsOnlySchema,
    defaultValues: { accept_terms: false },
  });
  const join = useMutation({
    mutationFn: (body: AcceptCompanyInvitationBody) => acceptCompanyInvitation(token, body),
    onSuccess: signInAndOpen,
    onError: (err) => void form.showServerErrors(err),
  });
  return (
    <form className="business-form" noValidate onSubmit={form.handleSubmit((v) => join.mutate(v))}>
      <FormAlert message={form.serverAlert(join.error)} />
      <TermsCheckbox
        registration={form.register("accept_terms")}
        error={form.formState.errors.accept_terms?.message}
      />
      <button type="submit" className="button button--accent" disabled={join.isPending}>
        {join.isPending ? t("common:loading") : t("join.submit")}
      </button>
    </form>
  );
}

function JoinForm({ token, invitation }: { token: string; invitation: PublicCompanyInvitation }) {
  const { t } = useTranslation(["business", "common", "auth"]);
  const existing = invitation.account_exists;
  const form = useSchemaForm<JoinValues, typeof NewAccountSchema | typeof ExistingAccountSchema>({
    schema: existing ? ExistingAccountSchema : NewAccountSchema,
    defaultValues: { password: "", first_name: "", last_name: "", accept_terms: false },
    toInput: (v) => (existing ? { password: v.password, accept_terms: v.accept_terms } : v),
  });
  const join = useMutation({
    mutationFn: (body: AcceptCompanyInvitationBody) => acceptCompanyInvitation(token, body),
    onSuccess: signInAndOpen,
    onError: (err) => void form.showServerErrors(err),
  });
  const socialOnly = join.error instanceof ApiError && join.error.code === "sign_in_required";
  return (
    <form className="business-form" noValidate onSubmit={form.handleSubmit((v) => join.mutate(v))}>
      <FormAlert message={form.serverAlert(join.error)} />
      {socialOnly && (
        <p>
          <Link to="/auth">{t("join.signIn")}</Link>
        </p>
      )}
      <InvitationAccountFields form={form} email={invitation.email} existing={existing} />
      <TermsCheckbox
        registration={form.register("accept_terms")}
        error={form.formState.errors.accept_terms?.message}
      />
      <button type="submit" className="button button--accent" disabled={join.isPending}>
        {join.isPending ? t("common:loading") : t("join.submit")}
      </button>
      {existing && (
        <p>
          <Link to="/forgot-password">{t("join.forgot")}</Link>
        </p>
      )}
    </form>
  );
}
