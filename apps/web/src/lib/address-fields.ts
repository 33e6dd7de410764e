import { useCallback, useEffect, useRef } from "react";
import { useSearchParams } from "react-router";

export type ChangeAddressFields = (changes: Record<string, string | undefined>) => void;

/**
 * A checkout keeps its fields in the address (a reload, a shared link and the back button keep
 * them): each change sets a field with a value and removes one without, in place of the current
 * history entry. Changes made before the router has shown the last one (a field typed, then the
 * next at once) build on the last one asked for, not on the address the page rendered with: the
 * router's own functional update reads the latter, and a quick second change dropped the first
 * (a browser test's flight number, gone once its return day was typed).
 */
export function useAddressFields(): [URLSearchParams, ChangeAddressFields] {
  const [params, setParams] = useSearchParams();
  const asked = useRef<string | null>(null);
  // The router has shown what was last asked for: the address is the base again.
  useEffect(() => {
    if (asked.current === params.toString()) asked.current = null;
  }, [params]);
  const change = useCallback<ChangeAddressFields>(
    (changes) => {
      const next = new URLSearchParams(asked.current ?? params);
      for (const [k, v] of Object.entries(changes)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      asked.current = next.toString();
      setParams(next, { replace: true });
    },
    [params, setParams],
  );
  return [params, change];
}
