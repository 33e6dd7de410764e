import type {
  AuthConfig,
  AuthResponse,
  ChangePasswordBody,
  Profile,
  ProfileUpdate,
  RegisterBody,
  SocialLoginResponse,
  Vehicle,
  VehicleInput,
} from "@parkwell/contract";
import { queryOptions } from "@tanstack/react-query";
import { api, ApiError } from "../../lib/api";
import { getSession, setCachedProfile, setToken } from "../../lib/session";
import { STORAGE_KEYS, writeStorage } from "../../lib/storage-keys";

type Message = { message: string };
const post = <T>(path: string, body: unknown) => api<T>(path, { method: "POST", body });

/** A login response without access_token fails with 'Invalid response from server'. */
export const INVALID_RESPONSE = "Invalid response from server";

/** Stores what a successful sign-in returns under the keys of docs/PRODUCT-RULES.md#storage-keys. */
export function storeSignIn(res: Partial<AuthResponse> | undefined): void {
  if (!res?.access_token) throw new ApiError(0, "invalid_response", INVALID_RESPONSE);
  setToken(res.access_token);
  if (res.user) {
    writeStorage(STORAGE_KEYS.user, JSON.stringify(res.user));
    setCachedProfile(res.user);
  }
}

export const login = (identifier: string, password: string) =>
  post<AuthResponse>("/auth/login", { identifier, password });
export const register = (body: RegisterBody) => post<Message>("/auth/register", body);
export const verifyEmail = (token: string) => post<AuthResponse>("/auth/verify-email", { token });
export const resendVerification = (email: string) => post<Message>("/auth/resend-verification", { email });
export const forgotPassword = (email: string) => post<Message>("/auth/forgot-password", { email });
export const resetPassword = (token: string, password: string) =>
  post<Message>("/auth/reset-password", { token, password });
export const changePassword = (body: ChangePasswordBody) => post<Message>("/auth/change-password", body);
export const socialLogin = (body: unknown) => post<SocialLoginResponse>("/auth/social-login", body);

export const authConfigQuery = queryOptions({
  queryKey: ["auth-config"],
  queryFn: () => api<AuthConfig>("/auth/config"),
  staleTime: Infinity,
});

export const profileQuery = queryOptions({
  queryKey: ["profile"],
  queryFn: async () => {
    const profile = await api<Profile>("/users/profile");
    // Never re-cache a profile after logout cleared the session during the request.
    if (getSession().token) setCachedProfile(profile);
    return profile;
  },
});
export const updateProfile = (body: ProfileUpdate) =>
  api<Profile>("/users/profile", { method: "PATCH", body });

export const createVehicle = (body: VehicleInput) =>
  api<Vehicle>("/user/vehicles/", { method: "POST", body });
export const updateVehicle = (id: number, body: Partial<VehicleInput>) =>
  api<Vehicle>(`/user/vehicles/${id}`, { method: "PUT", body });
export const deleteVehicle = (id: number) => api<Message>(`/user/vehicles/${id}`, { method: "DELETE" });
export const setDefaultVehicle = (id: number) =>
  api<Vehicle>(`/user/vehicles/${id}/default`, { method: "PUT" });
