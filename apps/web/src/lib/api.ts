import type { ApiErrorBody } from "@parkwell/contract";
import { readStorage, STORAGE_KEYS, storedLanguage } from "./storage-keys";

export const API_BASE = "/api/v1";

/** Show the server's message when there is one, else the generic text. */
export const GENERIC_ERROR = "Something went wrong";
const NETWORK_ERROR = "Network error. Please check your internet connection and try again.";

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

export type QueryParams = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** JSON, or a FormData sent as multipart/form-data (the browser writes its boundary). */
  body?: unknown;
  query?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The route under /api/v1 with its query; empty values are left out. */
function apiUrl(path: string, query: QueryParams = {}): URL {
  const url = new URL(`${API_BASE}${path}`, window.location.origin);
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null && v !== "") url.searchParams.set(k, String(v));
  }
  return url;
}

/**
 * The headers every request carries: what it accepts, the language shown (the server writes its
 * sentences, a refused window's reason, ..., in it) and the bearer token when there is one.
 */
function requestHeaders(accept: string, extra?: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    accept,
    "accept-language": storedLanguage(),
    ...extra,
  };
  const token = readStorage(STORAGE_KEYS.token);
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A refused request as an ApiError: the server's code, sentence and fields, else generic ones. */
function apiErrorOf(status: number, data: unknown): ApiError {
  const body = (data ?? {}) as Partial<ApiErrorBody>;
  return new ApiError(status, body.code ?? "http_error", body.message ?? GENERIC_ERROR, body.fields, data);
}

const networkError = () => new ApiError(0, "network_error", NETWORK_ERROR);

/** Sends a request; a network failure and a refusal become ApiErrors (an abort stays an abort). */
async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const form = typeof FormData !== "undefined" && options.body instanceof FormData;
  const json = options.body !== undefined && !form;
  const headers = requestHeaders(accept, {
    ...(json ? { "content-type": "application/json" } : {}),
    ...options.headers,
  });
  let res: Response;
  try {
    res = await fetch(apiUrl(path, options.query), {
      method: options.method ?? "GET",
      headers,
      body: form ? (options.body as FormData) : json ? JSON.stringify(options.body) : null,
      signal: options.signal ?? null,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw networkError();
  }
  if (!res.ok) throw apiErrorOf(res.status, parseJson(await res.text()));
  return res;
}

/** The one API client: JSON in (or a form) and JSON out, the shared headers, errors as ApiError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await send(path, options, "application/json");
  return parseJson(await res.text()) as T;
}

/**
 * A file the server writes (a CSV report), fetched with the bearer token, which a plain link
 * cannot send: its body and the file name its Content-Disposition gives, if any.
 */
export async function apiDownload(
  path: string,
  options: RequestOptions & { accept: string },
): Promise<{ blob: Blob; disposition: string | null }> {
  const res = await send(path, options, options.accept);
  return { blob: await res.blob(), disposition: res.headers.get("content-disposition") };
}

/**
 * Uploads a form as multipart/form-data, reporting progress from 0 to 1: XMLHttpRequest, since
 * fetch reports no upload progress. Same headers and errors as `api`.
 */
export function apiUpload<T>(
  path: string,
  form: FormData,
  onProgress: (ratio: number) => void,
  method: "POST" | "PUT" = "POST",
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, apiUrl(path).toString());
    for (const [name, value] of Object.entries(requestHeaders("application/json"))) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const data = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(apiErrorOf(xhr.status, data));
    };
    xhr.onerror = () => reject(networkError());
    xhr.send(form);
  });
}
