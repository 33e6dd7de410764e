import { ProviderRejectedError, ProviderUnavailableError, type ProviderName } from "./types";

/**
 * JSON over fetch with a hard timeout. Network failures, timeouts and 5xx become
 * ProviderUnavailableError; other non-2xx answers become ProviderRejectedError.
 */
export async function providerFetch<T>(
  provider: ProviderName,
  url: string,
  init: { method: "GET" | "POST"; headers: Record<string, string>; body?: unknown; timeoutMs: number },
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method,
      headers: {
        accept: "application/json",
        ...init.headers,
        ...(init.body ? { "content-type": "application/json" } : {}),
      },
      body: init.body === undefined ? null : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs),
    });
  } catch (err) {
    const timedOut =
      err instanceof DOMException && (err.name === "TimeoutError" || err.name === "AbortError");
    throw new ProviderUnavailableError(provider, timedOut, timedOut ? "timed out" : String(err));
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  if (res.status >= 500 || body === undefined) {
    throw new ProviderUnavailableError(provider, false, `HTTP ${res.status}`);
  }
  if (!res.ok) {
    const message = (body as { message?: unknown }).message;
    throw new ProviderRejectedError(
      provider,
      res.status,
      typeof message === "string" ? message : `HTTP ${res.status}`,
    );
  }
  return body as T;
}
