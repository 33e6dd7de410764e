import { useMutation, useQueryClient } from "@tanstack/react-query";
import { setCachedProfile } from "../../lib/session";
import { profileQuery, updateProfile } from "./api";

/**
 * The one way a profile form saves (the details and the receipt details): PATCH the profile, then
 * keep the signed-in copy and the profile query in step with what the server answered.
 * `onError` shows a refusal on the form that sent it.
 */
export function useSaveProfile(onError: (err: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (updated) => {
      setCachedProfile(updated);
      queryClient.setQueryData(profileQuery.queryKey, updated);
    },
    onError,
  });
}
