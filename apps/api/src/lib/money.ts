/**
 * Money is integer minor units in storage and major units (numbers, at most 2 decimals, 0 for
 * XOF) in the API. These two conversions are the only place the factor appears.
 */
export function toMajor(minor: number, decimals: number): number {
  return minor / 10 ** decimals;
}

/** Rounds half away from zero; callers validate the number of decimals before converting. */
export function toMinor(major: number, decimals: number): number {
  const factor = 10 ** decimals;
  const minor = Math.round(Math.abs(major) * factor + Number.EPSILON * factor) * Math.sign(major);
  return minor === 0 ? 0 : minor;
}

/** Percent given in basis points (750 = 7.5%), as the number clients show. */
export function bpsToPercent(bps: number): number {
  return bps / 100;
}
