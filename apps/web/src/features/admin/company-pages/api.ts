import type { PageKey, PublishPageBody } from "@parkwell/contract";
import { queryOptions } from "@tanstack/react-query";
import { adminApi } from "../api";

export const adminPagesQuery = () =>
  queryOptions({ queryKey: ["admin", "pages"], queryFn: ({ signal }) => adminApi("/pages", { signal }) });

export const pageVersionsQuery = (key: PageKey) =>
  queryOptions({
    queryKey: ["admin", "pages", key, "versions"],
    queryFn: ({ signal }) => adminApi("/pages/{key}/versions", { params: { key }, signal }),
  });

export const publishPage = (key: PageKey, body: PublishPageBody) =>
  adminApi("/pages/{key}/versions", { params: { key }, method: "POST", body });
