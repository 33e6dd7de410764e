import {
  DEVICE_ID_HEADER,
  type ChangePasswordBody,
  type ProfileUpdate,
  type RegisterBody,
  type VehicleInput,
} from "@parkwell/contract";
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

export const REFERRALS_PAGE_SIZE = 10;

/** The driver's code, link, reward, earnings and a page of invitations; the device id goes along (fraud rule). */
export const referralsQuery = (page: number, device: string | undefined) =>
  queryOptions({
    queryKey: ["referrals", "me", page],
    queryFn: ({ signal }) =>
      api("/referrals/me", {
        query: { page, size: REFERRALS_PAGE_SIZE },
        headers: device ? { [DEVICE_ID_HEADER]: device } : {},
        signal,
      }),
  });

/** What an invitation pays each side, per country (public: the /affiliates page). */
export const referralRewardsQuery = queryOptions({
  queryKey: ["referrals", "rewards"],
  queryFn: ({ signal }) => api("/referrals/rewards", { signal }),
  staleTime: 5 * 60_000,
});
