import type { ApiErrorBody } from "@parkwell/contract";
import { readStorage, STORAGE_KEYS, storedLanguage } from "./storage-keys";

export const API_BASE = "/api/v1";

/** Show the server's message when there is one, else the generic text. */
export const GENERIC_ERROR = "Something went wrong";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** The whole error body, for the data some errors carry beside the sentence (a 409's conflicts). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The one API client: JSON in and out, the bearer token when there is one, errors as ApiError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(`${API_BASE}${path}`, window.location.origin);
  for (const [k, v] of Object.entries(options.query ?? {})) {
    if (v !== undefined && v !== null && v !== "") url.searchParams.set(k, String(v));
  }
  // The server writes its sentences (a refused window's reason, ...) in the language shown.
  const headers: Record<string, string> = {
    accept: "application/json",
    "accept-language": storedLanguage(),
    ...options.headers,
  };
  const token = readStorage(STORAGE_KEYS.token);
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";

  let res: Response;
  try {
    res = await fetch(url, {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiError(
      0,
      "network_error",
      "Network error. Please check your internet connection and try again.",
    );
  }
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!res.ok) {
    const body = (data ?? {}) as Partial<ApiErrorBody>;
    throw new ApiError(
      res.status,
      body.code ?? "http_error",
      body.message ?? GENERIC_ERROR,
      body.fields,
      data,
    );
  }
  return data as T;
}
