import type { SocialLinksBody } from "@parkwell/contract";
import { queryOptions } from "@tanstack/react-query";
import { adminApi } from "../api";

export const adminSocialLinksQuery = () =>
  queryOptions({
    queryKey: ["admin", "social-links"],
    queryFn: ({ signal }) => adminApi("/social-links", { signal }),
  });

export const saveSocialLinks = (countryCode: string, body: SocialLinksBody) =>
  adminApi("/social-links/{country_code}", { params: { country_code: countryCode }, method: "PUT", body });
