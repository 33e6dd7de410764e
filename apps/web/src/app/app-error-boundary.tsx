import { Component, type ErrorInfo, type ReactNode } from "react";
import { reportError } from "../lib/error-reporting";
import { storedLanguage } from "../lib/storage-keys";
import en from "../../../../packages/contract/locales/en/boot.json";
import fr from "../../../../packages/contract/locales/fr/boot.json";

interface State {
  error: unknown;
}

/**
 * The last line of defence, outside the router: if the shell itself fails (even before any
 * catalogue loads), the visitor still gets the generic texts and a retry instead of a blank page.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportError(error, { componentStack: info.componentStack });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const text = storedLanguage() === "fr" ? fr : en;
    return (
      <main className="container page error-screen" role="alert">
        <h1>{text.errorTitle}</h1>
        <p>{text.errorText}</p>
        <button type="button" className="button button--accent" onClick={() => window.location.reload()}>
          {text.errorRetry}
        </button>
      </main>
    );
  }
}
