import { Component, Suspense, type ErrorInfo, type ReactNode } from "react";
import { isResourceLoadError, reportError } from "../../lib/error-reporting";

/**
 * A part of a page the page can do without (the home's next events): while its code loads it shows
 * nothing, and when its code cannot be fetched (offline, its chunk never kept) it stays out rather
 * than turning the whole page into the route's error screen. Any other failure is a bug: it is
 * reported, and the section stays out too.
 */
export class OptionalSection extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (!isResourceLoadError(error)) reportError(error, { componentStack: info.componentStack });
  }

  override render() {
    if (this.state.failed) return null;
    return <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}
