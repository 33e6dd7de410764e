/**
 * Who is signed in: what a session token resolves to (features/sessions) and what the auth plugin
 * puts on each request (plugins/auth.ts). A plain shape here, so the plugin imports no feature.
 */
import type { UserRole } from "@parkwell/contract";

export interface AuthUser {
  id: string;
  email: string;
  role: UserRole;
  countryId: number;
  language: string;
  sessionId: string;
}
