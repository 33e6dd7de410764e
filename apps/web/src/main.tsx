import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AppErrorBoundary } from "./app/app-error-boundary";
import { router } from "./app/router";
import { StartupLoader } from "./app/startup-loader";
import { installGlobalErrorHandlers } from "./lib/error-reporting";
import "./lib/i18n";
import "./styles.css";

installGlobalErrorHandlers();

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
});

const root = document.getElementById("root");
if (root) {
  // index.html's title and description are for the moment before the app runs: from here each
  // page's own (lib/seo/page-head.tsx), hoisted into <head> by React, is the only one.
  for (const shell of document.head.querySelectorAll('title, meta[name="description"]')) shell.remove();
  createRoot(root).render(
    <StrictMode>
      <StartupLoader />
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={null}>
            <RouterProvider router={router} />
          </Suspense>
        </QueryClientProvider>
      </AppErrorBoundary>
    </StrictMode>,
  );
}
