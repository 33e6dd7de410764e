import type { ApiErrorBody, ErrorCode } from "@parkwell/contract";
import type { paths } from "./api-schema";
import { readStorage, STORAGE_KEYS, storedLanguage } from "./storage-keys";

export const API_BASE = "/api/v1";

/** Show the server's message when there is one, else the generic text. */
export const GENERIC_ERROR = "Something went wrong";
const NETWORK_ERROR = "Network error. Please check your internet connection and try again.";

/** The codes the web gives a failure itself: no answer, an answer without a code, an unreadable one. */
export type ClientErrorCode = "network_error" | "http_error" | "invalid_response";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The API's code (the contract's ERRORS), or the web's own: a test of a code not there fails the typecheck. */
    readonly code: ErrorCode | ClientErrorCode,
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

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/*
 * The client is typed by the API's OpenAPI document (api-schema.d.ts, written by
 * `npm run openapi:types`): a path is one of the document's for its method, with its `{name}`
 * segments given in `params`; the body is the one the document asks for; the answer is the
 * document's success answer. A route that changes on the server breaks the web's typecheck.
 */

/** A map of the document's paths, those under `Prefix` named without it. */
export type PathsUnder<Map, Prefix extends string> = {
  [K in keyof Map as K extends `${Prefix}${infer Rest}` ? Rest : never]: Map[K];
};

/** The routes under /api/v1, named as `api()` is called: "/parks/front/parks/". */
export type ApiPaths = PathsUnder<paths, typeof API_BASE>;

/** The document's operation for a path and a method; `never` when the path has no such method. */
export type Operation<Map, P extends keyof Map, M extends Method> =
  Lowercase<M> extends keyof Map[P] ? NonNullable<Map[P][Lowercase<M>]> : never;

/** The paths of `Map` that answer `M`. */
export type PathFor<Map, M extends Method> = {
  [P in keyof Map]: [Operation<Map, P, M>] extends [never] ? never : P;
}[keyof Map];

/** The paths of `Map` that answer `M` and have no `{name}` segment. */
export type PlainPathFor<Map, M extends Method> = Exclude<
  Extract<PathFor<Map, M>, string>,
  `${string}{${string}`
>;

type PathParams<O> = O extends { parameters: { path?: infer X } } ? NonNullable<X> : never;
type JsonBody<O> =
  NonNullable<O extends { requestBody?: infer B } ? B : never> extends {
    content: { "application/json": infer J };
  }
    ? J
    : never;
type JsonOf<R> = R extends { content: { "application/json": infer J } } ? J : undefined;
type Success = 200 | 201 | 202 | 203 | 204 | 206;

/** What the operation answers on success (its 2xx JSON bodies); `undefined` for no content. */
export type Answer<Map, P extends keyof Map, M extends Method> =
  Operation<Map, P, M> extends { responses: infer R } ? JsonOf<R[Extract<keyof R, Success>]> : never;

/** What a route under /api/v1 answers, and the body it takes, by the document. */
export type ApiAnswer<P extends keyof ApiPaths, M extends Method = "GET"> = Answer<ApiPaths, P, M>;
export type ApiBody<P extends keyof ApiPaths, M extends Method> = RequestBody<ApiPaths, P, M>;

/** The JSON body the operation takes (for a function that passes one on). */
export type RequestBody<Map, P extends keyof Map, M extends Method> = JsonBody<Operation<Map, P, M>>;

/** The `{name}` segments' values: sent as text (encoded), so a string or a number. */
type ParamsOption<O> = [PathParams<O>] extends [never]
  ? { params?: never }
  : { params: { [K in keyof PathParams<O>]: string | number } };

/** The document's JSON body, required when it is; a route with none may take a FormData (an upload). */
type BodyOption<O> = [JsonBody<O>] extends [never]
  ? { body?: FormData }
  : [O] extends [{ requestBody: unknown }]
    ? { body: JsonBody<O> }
    : { body?: JsonBody<O> };

/** What a request is sent with, for the path and method it goes to. */
export type RequestOptions<Map, P extends keyof Map, M extends Method> = {
  method?: M;
  /** The query; a string is an encoded query as it is (`listParams()`'s); empty values are left out. */
  query?: QueryParams | string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
} & ParamsOption<Operation<Map, P, M>> &
  BodyOption<Operation<Map, P, M>>;

/** The options argument: optional when nothing in it is required (no `{name}` segments, no body). */
export type OptionsArg<Map, P extends keyof Map, M extends Method> = [Operation<Map, P, M>] extends [never]
  ? [options?: RequestOptions<Map, P, M>] // no such path for the method: the call fails on its path
  : object extends RequestOptions<Map, P, M>
    ? [options?: RequestOptions<Map, P, M>]
    : [options: RequestOptions<Map, P, M>];

/** What `send` reads of any request's options. */
interface SentOptions {
  method?: Method;
  params?: Record<string, string | number>;
  body?: unknown;
  query?: QueryParams | string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The path with its `{name}` segments filled in, each value encoded. */
function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for {${name}} in ${path}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * How requests leave: the browser's fetch to the page's own origin; a server render hands its own
 * (entry-server.tsx: the API's handlers in the same process, no network) with `setApiTransport`.
 */
interface ApiTransport {
  fetch: (url: URL, init: RequestInit) => Promise<Response>;
  origin: string;
  /**
   * The language the requests ask for: a server render's own (the page's, chosen from its address,
   * cookie and Accept-Language), since the server has no stored language to read.
   */
  language: () => "en" | "fr";
}

let transport: ApiTransport | null = null;

/** Sends the client's requests through `next` (the server render's in-process fetch). */
export function setApiTransport(next: ApiTransport | null): void {
  transport = next;
}

/** The route under /api/v1 with its query; empty values are left out. */
function apiUrl(path: string, query: QueryParams | string = {}): URL {
  const url = new URL(`${API_BASE}${path}`, transport?.origin ?? window.location.origin);
  if (typeof query === "string") {
    if (query) url.search = query;
    return url;
  }
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
    "accept-language": transport ? transport.language() : storedLanguage(),
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
  // The contract's ErrorSchema says only "a string"; the API answers with its ErrorCodes.
  const body = (data ?? {}) as Partial<ApiErrorBody> & { code?: ErrorCode };
  return new ApiError(status, body.code ?? "http_error", body.message ?? GENERIC_ERROR, body.fields, data);
}

/**
 * No answer (status 0: offline, the server unreachable) or the server's own failure (5xx): the
 * cases a copy stored on the device stands in for.
 */
export function apiUnreachable(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 0 || err.status >= 500);
}

const networkError = () => new ApiError(0, "network_error", NETWORK_ERROR);

/** Sends a request; a network failure and a refusal become ApiErrors (an abort stays an abort). */
async function send(path: string, options: SentOptions, accept: string): Promise<Response> {
  const form = typeof FormData !== "undefined" && options.body instanceof FormData;
  const json = options.body !== undefined && !form;
  const headers = requestHeaders(accept, {
    ...(json ? { "content-type": "application/json" } : {}),
    ...options.headers,
  });
  const url = apiUrl(fillPath(path, options.params), options.query);
  let res: Response;
  try {
    res = await (transport?.fetch ?? fetch)(url, {
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

/**
 * The one API client: JSON in (or a form) and JSON out, the shared headers, errors as ApiError.
 * `api("/user/vehicles/{id}", { method: "PUT", params: { id }, body })`: the path, its params, the
 * body and the answer are the OpenAPI document's.
 */
export async function api<P extends PathFor<ApiPaths, M>, M extends Method = "GET">(
  path: P,
  ...[options]: OptionsArg<ApiPaths, P, M>
): Promise<Answer<ApiPaths, P, M>> {
  const res = await send(path, (options ?? {}) as SentOptions, "application/json");
  return parseJson(await res.text()) as Answer<ApiPaths, P, M>;
}

/**
 * A file the server writes (a CSV report), fetched with the bearer token, which a plain link
 * cannot send: its body and the file name its Content-Disposition gives, if any.
 */
export async function apiDownload<P extends PathFor<ApiPaths, M>, M extends Method = "GET">(
  path: P,
  options: RequestOptions<ApiPaths, P, M> & { accept: string },
): Promise<{ blob: Blob; disposition: string | null }> {
  const res = await send(path, options as SentOptions, options.accept);
  return { blob: await res.blob(), disposition: res.headers.get("content-disposition") };
}

/**
 * A file at a link an answer gave (a receipt's `pdf_url`: "/api/v1/receipts/NG-2026-000123.pdf"),
 * fetched with the bearer token as `apiDownload` does. The link is the server's own, so the client
 * never builds it; one outside /api/v1 is refused before any request.
 */
export async function apiDownloadLink(
  href: string,
  accept: string,
): Promise<{ blob: Blob; disposition: string | null }> {
  if (!href.startsWith(`${API_BASE}/`)) throw new Error(`Not an API link: ${href}`);
  const res = await send(href.slice(API_BASE.length), {}, accept);
  return { blob: await res.blob(), disposition: res.headers.get("content-disposition") };
}

/** What an upload is sent with: the form, and the path's `{name}` segments. */
export type UploadOptions<Map, P extends keyof Map, M extends "POST" | "PUT"> = {
  method?: M;
  form: FormData;
} & ParamsOption<Operation<Map, P, M>>;

/**
 * Uploads a form as multipart/form-data, reporting progress from 0 to 1: XMLHttpRequest, since
 * fetch reports no upload progress. Same headers and errors as `api`.
 */
export function apiUpload<P extends PathFor<ApiPaths, M>, M extends "POST" | "PUT" = "POST">(
  path: P,
  options: UploadOptions<ApiPaths, P, M>,
  onProgress: (ratio: number) => void,
): Promise<Answer<ApiPaths, P, M>> {
  const {
    form,
    method = "POST",
    params,
  } = options as { form: FormData; method?: M; params?: Record<string, string | number> };
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, apiUrl(fillPath(path, params)).toString());
    for (const [name, value] of Object.entries(requestHeaders("application/json"))) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const data = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as Answer<ApiPaths, P, M>);
      else reject(apiErrorOf(xhr.status, data));
    };
    xhr.onerror = () => reject(networkError());
    xhr.send(form);
  });
}
