export declare const boundaries: { rules: Record<string, unknown> };
export declare function checkBoundary(
  from: string,
  target: string | null,
  source: string,
  typeOnly?: boolean,
): string | null;
