import { useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import "./ui/field.css";

/**
 * The Terms and Privacy box (decision 035) of every form that makes an account or joins one to
 * something (registration, a company's invitation link): "I accept the Terms and the Privacy
 * Policy", both linked (opening in a new tab so the form keeps what was typed), with its error
 * tied to the box. The schema's `AcceptTermsSchema` requires it ticked.
 */
export function TermsCheckbox({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}) {
  const { t } = useTranslation("auth");
  const errorId = useId();
  return (
    <div className="terms-box">
      <label className="terms-box__check">
        <input
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...registration}
        />
        <span>
          <Trans
            t={t}
            i18nKey="register.acceptTerms"
            components={{
              terms: <Link to="/terms" target="_blank" />,
              privacy: <Link to="/privacy-policy" target="_blank" />,
            }}
          />
        </span>
      </label>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
