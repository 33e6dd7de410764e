// The account pages, one chunk for the router to load lazily.
export { AuthPage } from "./auth-page";
export { RegisterPage } from "./register-page";
export { VerifyPage } from "./verify-page";
export { ForgotPasswordPage } from "./forgot-password-page";
export { ProfilePage } from "./profile-page";
export { ReferralsPage } from "./referrals-page";
