import { useTranslation } from "react-i18next";
import { Outlet, type RouteObject } from "react-router";
import { isAdminRoutePath } from "../features/admin/route-paths";
import { useSession } from "../lib/session";
import type { PathsHandle } from "./known-paths";
import { Layout, PageReady } from "./layout";
import { LoginPrompt } from "./login-prompt";
import { RouteError } from "./route-error";

/**
 * Signed out, /admin/* shows the site's layout with the sign-in prompt (the login dialog reloads
 * the page once signed in); signed in, the back office, whose code loads only then.
 */
function AdminGate() {
  const { t } = useTranslation();
  const { signedIn } = useSession();
  if (signedIn) return <Outlet />;
  return (
    <Layout>
      <PageReady>
        <LoginPrompt title={t("nav.backOffice")} text={t("account.backOfficePrompt")} />
      </PageReady>
    </Layout>
  );
}

const adminApp = async () => ({ Component: (await import("../features/admin/routes")).AdminApp });

/**
 * The back office (features/admin): its own layout, guard and pages, in chunks of their own that
 * neither the first bundle nor the public pages load.
 */
export const adminRoutes: RouteObject[] = [
  {
    element: <AdminGate />,
    errorElement: <RouteError />,
    // /admin and every path below it: the back office routes them itself (descendant <Routes>), and
    // its table says which it has (the others: its not-found page, a 404 from the server).
    children: [
      {
        element: <PageReady />,
        children: [
          {
            path: "admin/*",
            lazy: adminApp,
            handle: { routesBelow: isAdminRoutePath } satisfies PathsHandle,
          },
        ],
      },
    ],
  },
];
