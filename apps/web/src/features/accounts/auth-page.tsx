import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { useSession } from "../../lib/session";
import { LoginForm } from "./login-form";
import "./accounts.css";

/** /auth: the login form on its own page (bare auth layout). */
export function AuthPage() {
  const { t } = useTranslation("auth");
  const { signedIn } = useSession();
  // Only someone already signed in on arrival is sent home here. A login on this page goes home by a
  // full load (a fresh app for the new user); redirecting as well would navigate twice, and the
  // second navigation would cut short whatever the user opened after the first.
  const [arrivedSignedIn] = useState(signedIn);
  if (arrivedSignedIn) return <Navigate to="/" replace />;
  return (
    <section className="acc-card" aria-labelledby="auth-title">
      <h1 id="auth-title">{t("login.title")}</h1>
      <p className="acc-lead">{t("login.lead")}</p>
      <LoginForm onSuccess={() => window.location.assign("/")} />
    </section>
  );
}
