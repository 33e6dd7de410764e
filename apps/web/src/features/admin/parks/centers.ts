/** Where a map pin starts for a new park or event venue, per country (its largest city). */
export const COUNTRY_CENTERS: Record<string, [number, number]> = {
  NG: [6.5244, 3.3792],
  CA: [43.6532, -79.3832],
  SN: [14.6928, -17.4467],
  US: [40.7128, -74.006],
};
