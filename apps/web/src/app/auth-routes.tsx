import type { RouteObject } from "react-router";

const accounts = () => import("../features/accounts/routes");

/** /auth, /register, /verify, /forgot-password; the login dialog also links to /auth/... */
export const authRoutes: RouteObject[] = [
  { path: "auth", lazy: async () => ({ Component: (await accounts()).AuthPage }) },
  { path: "register", lazy: async () => ({ Component: (await accounts()).RegisterPage }) },
  { path: "auth/register", lazy: async () => ({ Component: (await accounts()).RegisterPage }) },
  { path: "verify", lazy: async () => ({ Component: (await accounts()).VerifyPage }) },
  { path: "forgot-password", lazy: async () => ({ Component: (await accounts()).ForgotPasswordPage }) },
  { path: "auth/forgot-password", lazy: async () => ({ Component: (await accounts()).ForgotPasswordPage }) },
  // The staff invitation e-mail's link (the back office's people pages).
  {
    path: "staff-invite/:token",
    lazy: async () => ({
      Component: (await import("../features/admin/people/accept-invite-page")).AcceptInvitePage,
    }),
  },
  // A company invitation e-mail's link: join a business account, signed in or registering here.
  {
    path: "business-invite",
    lazy: async () => ({ Component: (await import("../features/business/join-page")).JoinCompanyPage }),
  },
];
