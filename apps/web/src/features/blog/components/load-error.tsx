import { useTranslation } from "react-i18next";
import "../../../components/ui/alert.css";

/**
 * A blog page that could not load (the network, a server error): what failed, and a retry that
 * asks again without reloading the app, as the error screens (app/resource-error.tsx) offer one.
 */
export function BlogLoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert--error blog-error" role="alert" data-testid="blog-load-error">
      <p>{text}</p>
      <p className="error-screen__actions">
        <button type="button" className="button button--accent" onClick={onRetry}>
          {t("errors.retry")}
        </button>
      </p>
    </div>
  );
}
