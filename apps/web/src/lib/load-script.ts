/** Loads a third-party script once, on demand; rejects when it cannot be reached in time. */
const loading = new Map<string, Promise<void>>();

export function loadScript(src: string, timeoutMs = 15_000): Promise<void> {
  const known = loading.get(src);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    const timer = window.setTimeout(() => reject(new Error(`timed out loading ${src}`)), timeoutMs);
    script.onload = () => {
      window.clearTimeout(timer);
      resolve();
    };
    script.onerror = () => {
      window.clearTimeout(timer);
      reject(new Error(`could not load ${src}`));
    };
    document.head.appendChild(script);
  });
  // A failed load may be retried later (the network may come back).
  promise.catch(() => loading.delete(src));
  loading.set(src, promise);
  return promise;
}
