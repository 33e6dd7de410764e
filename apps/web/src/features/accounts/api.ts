import type { ChangePasswordBody, ProfileUpdate, RegisterBody, VehicleInput } from "@parkwell/contract";
import { queryOptions } from "@tanstack/react-query";
import { api, type ApiBody } from "../../lib/api";
import { getSession, setCachedProfile } from "../../lib/session";

export { INVALID_RESPONSE, storeSignIn } from "../../lib/sign-in";

export const login = (identifier: string, password: string) =>
  api("/auth/login", { method: "POST", body: { identifier, password } });
export const register = (body: RegisterBody) => api("/auth/register", { method: "POST", body });
export const verifyEmail = (token: string) => api("/auth/verify-email", { method: "POST", body: { token } });
export const resendVerification = (email: string) =>
  api("/auth/resend-verification", { method: "POST", body: { email } });
export const forgotPassword = (email: string) =>
  api("/auth/forgot-password", { method: "POST", body: { email } });
export const resetPassword = (token: string, password: string) =>
  api("/auth/reset-password", { method: "POST", body: { token, password } });
export const changePassword = (body: ChangePasswordBody) =>
  api("/auth/change-password", { method: "POST", body });
export const socialLogin = (body: ApiBody<"/auth/social-login", "POST">) =>
  api("/auth/social-login", { method: "POST", body });

export const authConfigQuery = queryOptions({
  queryKey: ["auth-config"],
  queryFn: () => api("/auth/config"),
  staleTime: Infinity,
});

export const profileQuery = queryOptions({
  queryKey: ["profile"],
  queryFn: async () => {
    const profile = await api("/users/profile");
    // Never re-cache a profile after logout cleared the session during the request.
    if (getSession().token) setCachedProfile(profile);
    return profile;
  },
});
export const updateProfile = (body: ProfileUpdate) => api("/users/profile", { method: "PATCH", body });

export const createVehicle = (body: VehicleInput) => api("/user/vehicles/", { method: "POST", body });
export const updateVehicle = (id: number, body: Partial<VehicleInput>) =>
  api("/user/vehicles/{id}", { params: { id }, method: "PUT", body });
export const deleteVehicle = (id: number) => api("/user/vehicles/{id}", { params: { id }, method: "DELETE" });
export const setDefaultVehicle = (id: number) =>
  api("/user/vehicles/{id}/default", { params: { id }, method: "PUT" });
