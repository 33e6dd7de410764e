import type { countries, taxDistricts, taxRates } from "../schema/index";

/**
 * Reference data seeded on every start (upserted by id). The built-in fallback state ids
 * (1-7, 101-105, 201-204, 301-304) are the first rows of each country, so a client's fallback list
 * and the server agree.
 *
 * The served countries: one row each holds every fact the API, the web app and the payments code
 * read (docs/decisions/018-a-country-is-data.md). Adding a country is a row here (with its fees
 * and states); inserting it creates its search indexes (migration 0022).
 */
export const COUNTRY_ROWS: (typeof countries.$inferInsert)[] = [
  {
    id: 1,
    name: "Nigeria",
    code: "NG",
    currency: "NGN",
    currencySymbol: "₦",
    currencyDecimals: 2,
    flag: "🇳🇬",
    dialCode: "+234",
    timezone: "Africa/Lagos",
    locale: "en-NG",
    sortOrder: 1,
    gateway: "paystack",
    gatewayFallback: null,
    defaultLanguage: "en",
    timeZones: ["Africa/Lagos"],
    supportEmail: "support.ng@parkwell.test",
    supportPhone: "+234 201 700 0100",
    services: ["vehicle_docs"],
    claimDecisionHours: 24,
  },
  {
    id: 2,
    name: "Canada",
    code: "CA",
    currency: "CAD",
    currencySymbol: "CA$",
    currencyDecimals: 2,
    flag: "🇨🇦",
    dialCode: "+1",
    timezone: "America/Toronto",
    locale: "en-CA",
    sortOrder: 2,
    gateway: "stripe",
    gatewayFallback: null,
    defaultLanguage: "en",
    timeZones: [
      "America/Toronto",
      "America/Vancouver",
      "America/Edmonton",
      "America/Winnipeg",
      "America/Regina",
      "America/Halifax",
      "America/St_Johns",
    ],
    supportEmail: "support.ca@parkwell.test",
    supportPhone: "+1 416 555 0100",
    services: [],
  },
  {
    id: 3,
    name: "Senegal",
    code: "SN",
    currency: "XOF",
    currencySymbol: "CFA",
    currencyDecimals: 0,
    flag: "🇸🇳",
    dialCode: "+221",
    timezone: "Africa/Dakar",
    locale: "fr-SN",
    sortOrder: 3,
    gateway: "wave",
    gatewayFallback: "paystack",
    defaultLanguage: "fr",
    timeZones: ["Africa/Dakar"],
    supportEmail: "support.sn@parkwell.test",
    supportPhone: "+221 33 800 0100",
    services: [],
    claimDecisionHours: 24,
  },
  {
    id: 4,
    name: "United States",
    code: "US",
    currency: "USD",
    currencySymbol: "$",
    currencyDecimals: 2,
    flag: "🇺🇸",
    dialCode: "+1",
    timezone: "America/New_York",
    locale: "en-US",
    sortOrder: 4,
    gateway: "stripe",
    gatewayFallback: null,
    defaultLanguage: "en",
    timeZones: [
      "America/New_York",
      "America/Chicago",
      "America/Denver",
      "America/Phoenix",
      "America/Los_Angeles",
      "America/Anchorage",
      "Pacific/Honolulu",
    ],
    supportEmail: "support.us@parkwell.test",
    supportPhone: "+1 212 555 0100",
    services: [],
  },
];

type StateSeed = readonly [code: string, name: string];

function numbered(countryId: number, firstId: number, list: readonly StateSeed[]) {
  return list.map(([code, name], i) => ({ id: firstId + i, countryId, code, name }));
}

// Nigeria: 36 states and the Federal Capital Territory. Ids 1-7 are the busiest markets.
const NIGERIA: StateSeed[] = [
  ["LA", "Lagos"],
  ["FC", "Federal Capital Territory"],
  ["RI", "Rivers"],
  ["KN", "Kano"],
  ["OY", "Oyo"],
  ["KD", "Kaduna"],
  ["OG", "Ogun"],
  ["AB", "Abia"],
  ["AD", "Adamawa"],
  ["AK", "Akwa Ibom"],
  ["AN", "Anambra"],
  ["BA", "Bauchi"],
  ["BY", "Bayelsa"],
  ["BE", "Benue"],
  ["BO", "Borno"],
  ["CR", "Cross River"],
  ["DE", "Delta"],
  ["EB", "Ebonyi"],
  ["ED", "Edo"],
  ["EK", "Ekiti"],
  ["EN", "Enugu"],
  ["GO", "Gombe"],
  ["IM", "Imo"],
  ["JI", "Jigawa"],
  ["KT", "Katsina"],
  ["KE", "Kebbi"],
  ["KO", "Kogi"],
  ["KW", "Kwara"],
  ["NA", "Nasarawa"],
  ["NI", "Niger"],
  ["ON", "Ondo"],
  ["OS", "Osun"],
  ["PL", "Plateau"],
  ["SO", "Sokoto"],
  ["TA", "Taraba"],
  ["YO", "Yobe"],
  ["ZA", "Zamfara"],
];

// Canada: 10 provinces and 3 territories.
const CANADA: StateSeed[] = [
  ["ON", "Ontario"],
  ["QC", "Quebec"],
  ["BC", "British Columbia"],
  ["AB", "Alberta"],
  ["MB", "Manitoba"],
  ["NB", "New Brunswick"],
  ["NL", "Newfoundland and Labrador"],
  ["NS", "Nova Scotia"],
  ["PE", "Prince Edward Island"],
  ["SK", "Saskatchewan"],
  ["NT", "Northwest Territories"],
  ["NU", "Nunavut"],
  ["YT", "Yukon"],
];

// Senegal: 14 regions.
const SENEGAL: StateSeed[] = [
  ["DK", "Dakar"],
  ["TH", "Thiès"],
  ["SL", "Saint-Louis"],
  ["DB", "Diourbel"],
  ["FK", "Fatick"],
  ["KA", "Kaffrine"],
  ["KL", "Kaolack"],
  ["KE", "Kédougou"],
  ["KD", "Kolda"],
  ["LG", "Louga"],
  ["MT", "Matam"],
  ["SE", "Sédhiou"],
  ["TC", "Tambacounda"],
  ["ZG", "Ziguinchor"],
];

// United States: 50 states and the District of Columbia.
const UNITED_STATES: StateSeed[] = [
  ["NY", "New York"],
  ["CA", "California"],
  ["IL", "Illinois"],
  ["TX", "Texas"],
  ["GA", "Georgia"],
  ["AL", "Alabama"],
  ["AK", "Alaska"],
  ["AZ", "Arizona"],
  ["AR", "Arkansas"],
  ["CO", "Colorado"],
  ["CT", "Connecticut"],
  ["DE", "Delaware"],
  ["DC", "District of Columbia"],
  ["FL", "Florida"],
  ["HI", "Hawaii"],
  ["ID", "Idaho"],
  ["IN", "Indiana"],
  ["IA", "Iowa"],
  ["KS", "Kansas"],
  ["KY", "Kentucky"],
  ["LA", "Louisiana"],
  ["ME", "Maine"],
  ["MD", "Maryland"],
  ["MA", "Massachusetts"],
  ["MI", "Michigan"],
  ["MN", "Minnesota"],
  ["MS", "Mississippi"],
  ["MO", "Missouri"],
  ["MT", "Montana"],
  ["NE", "Nebraska"],
  ["NV", "Nevada"],
  ["NH", "New Hampshire"],
  ["NJ", "New Jersey"],
  ["NM", "New Mexico"],
  ["NC", "North Carolina"],
  ["ND", "North Dakota"],
  ["OH", "Ohio"],
  ["OK", "Oklahoma"],
  ["OR", "Oregon"],
  ["PA", "Pennsylvania"],
  ["RI", "Rhode Island"],
  ["SC", "South Carolina"],
  ["SD", "South Dakota"],
  ["TN", "Tennessee"],
  ["UT", "Utah"],
  ["VT", "Vermont"],
  ["VA", "Virginia"],
  ["WA", "Washington"],
  ["WV", "West Virginia"],
  ["WI", "Wisconsin"],
  ["WY", "Wyoming"],
];

export const STATE_ROWS = [
  ...numbered(1, 1, NIGERIA),
  ...numbered(2, 101, CANADA),
  ...numbered(3, 201, SENEGAL),
  ...numbered(4, 301, UNITED_STATES),
];

/** Minor units of each country's currency (XOF has none, so its minor unit is 1 franc). */
export const FEE_ROWS = [
  {
    countryId: 1,
    serviceFeeMinor: 100_00,
    bookingFeeBps: 500,
    taxBps: 750,
    taxName: "VAT",
    minTopupMinor: 500_00,
    maxTopupMinor: 1_000_000_00,
    maxWalletBalanceMinor: 5_000_000_00,
    referralRewardMinor: 1_000_00,
  },
  {
    countryId: 2,
    serviceFeeMinor: 99,
    bookingFeeBps: 0,
    taxBps: 500,
    taxName: "GST",
    minTopupMinor: 5_00,
    maxTopupMinor: 1_000_00,
    maxWalletBalanceMinor: 5_000_00,
    referralRewardMinor: 5_00,
  },
  {
    countryId: 3,
    serviceFeeMinor: 200,
    bookingFeeBps: 500,
    taxBps: 1800,
    taxName: "TVA",
    minTopupMinor: 500,
    maxTopupMinor: 1_000_000,
    maxWalletBalanceMinor: 3_000_000,
    referralRewardMinor: 2_000,
  },
  {
    countryId: 4,
    serviceFeeMinor: 99,
    bookingFeeBps: 0,
    taxBps: 0,
    taxName: "Sales tax",
    minTopupMinor: 5_00,
    maxTopupMinor: 1_000_00,
    maxWalletBalanceMinor: 5_000_00,
    referralRewardMinor: 5_00,
  },
];

const stateId = (countryId: number, code: string): number => {
  const found = STATE_ROWS.find((s) => s.countryId === countryId && s.code === code);
  if (!found) throw new Error(`no state ${code} in country ${countryId}`);
  return found.id;
};

const ETA_GST =
  "Excise Tax Act (R.S.C. 1985, c. E-15), s. 165(1): GST 5% (since 2008-01-01); https://www.canada.ca/en/revenue-agency/services/tax/businesses/topics/gst-hst-businesses/charge-collect-which-rate.html";
const ETA_HST =
  "Excise Tax Act, s. 165(2) and Schedule VIII (participating provinces): HST, the GST's 5% and the province's part in one tax; https://www.canada.ca/en/revenue-agency/services/tax/businesses/topics/gst-hst-businesses/charge-collect-which-rate.html";

const NYC_DOF =
  "NYC Department of Finance, Parking Garage/Lot tax (NYC Administrative Code s. 11-2002: 6% city tax, plus an 8% surcharge in Manhattan; with New York State's 4% sales tax and the 0.375% Metropolitan Commuter Transportation District tax the combined rate charged on parking is 10.375%, 18.375% in Manhattan); https://www.nyc.gov/site/finance/taxes/business-parking-garage-lot-tax.page";
const LAMC_POT =
  "Los Angeles Municipal Code, Chapter II, Article 1.15 (s. 21.15, Parking Occupancy Tax): 10% of the rent charged for parking in the City of Los Angeles, collected by the operator; https://finance.lacity.gov/tax-education/tax-types/parking-occupancy-tax";
const TRANSLINK_PST =
  "South Coast British Columbia Transportation Authority Act (SBC 1998, c. 30), Part 9.1 (parking sales tax), s. 169: TransLink's parking tax on parking in its service region (Metro Vancouver), 24% of the purchase price since 2019-07-01; https://www.translink.ca/about-us/about-translink/taxes-and-charges";

/**
 * The tax districts (decision 049): cities and regions that tax parking on top of their state's
 * taxes, a park naming its own (`parks.tax_district_id`). Ids are fixed. Only a district whose rate
 * has a named source is here; Chicago's is not (see the decision).
 */
const district = (
  id: number,
  countryId: number,
  state: string,
  code: string,
  name: string,
  source: string,
) => ({
  id,
  countryId,
  stateId: stateId(countryId, state),
  code,
  name,
  source,
});
export const TAX_DISTRICT_ROWS: (typeof taxDistricts.$inferInsert)[] = [
  district(1, 4, "NY", "US-NY-NYC-MN", "New York City — Manhattan", NYC_DOF),
  district(2, 4, "NY", "US-NY-NYC", "New York City — other boroughs", NYC_DOF),
  district(3, 4, "CA", "US-CA-LA", "City of Los Angeles", LAMC_POT),
  district(4, 2, "BC", "CA-BC-TRANSLINK", "Metro Vancouver (TransLink)", TRANSLINK_PST),
];

/**
 * The taxes of each place (decision 047): one component a row, the source it was read from, and
 * the day it took effect. A state's rows replace its country's (state_id null) for its parks; a
 * state without rows is taxed as its country. Only what was checked is here: a tax left out is
 * said so below, in the decision record and in the source of the row that stands for it.
 */
export const TAX_RATE_ROWS: (typeof taxRates.$inferInsert)[] = [
  // The countries' defaults: the same rates as their `fees` rows (marketplace, vehicle documents).
  {
    id: 1,
    countryId: 1,
    stateId: null,
    name: "VAT",
    rateBps: 750,
    source:
      "Value Added Tax Act (Cap. V1 LFN 2004), s. 4 as amended by the Finance Act 2019: VAT 7.5% from 2020-02-01",
    effectiveFrom: "2020-02-01",
  },
  {
    id: 2,
    countryId: 2,
    stateId: null,
    name: "GST",
    rateBps: 500,
    source: ETA_GST,
    effectiveFrom: "2008-01-01",
  },
  {
    id: 3,
    countryId: 3,
    stateId: null,
    name: "TVA",
    rateBps: 1800,
    source: "Code général des impôts du Sénégal (loi n° 2012-31), art. 369: taux normal de la TVA 18%",
    effectiveFrom: "2013-01-01",
  },
  {
    id: 4,
    countryId: 4,
    stateId: null,
    name: "Sales tax",
    rateBps: 0,
    source:
      "No federal sales tax in the United States; a state that taxes parking has its own rows, a tax district (New York City, the City of Los Angeles) its own (decision 049). Not modelled yet: Chicago's parking lot and garage operations tax (its current rates were not pinned to a source), Texas' state and local sales tax on parking (Tax Code s. 151.0031), New York State's sales tax on parking outside New York City",
    effectiveFrom: "1970-01-01",
  },
  // Canada: the HST provinces (one tax), Québec (GST + QST), British Columbia (GST; PST not on parking).
  {
    id: 101,
    countryId: 2,
    stateId: stateId(2, "ON"),
    name: "HST",
    rateBps: 1300,
    source: `${ETA_HST}. Ontario: 13%`,
    effectiveFrom: "2010-07-01",
  },
  {
    id: 102,
    countryId: 2,
    stateId: stateId(2, "NS"),
    name: "HST",
    rateBps: 1500,
    source: `${ETA_HST}. Nova Scotia: 15%`,
    effectiveFrom: "2010-07-01",
  },
  {
    id: 103,
    countryId: 2,
    stateId: stateId(2, "NS"),
    name: "HST",
    rateBps: 1400,
    source: `${ETA_HST}. Nova Scotia: 14% from 2025-04-01 (the provincial part from 10% to 9%, payable on or after that day; https://www.bdo.ca/insights/proposed-nova-scotia-hst-rate-reduction)`,
    effectiveFrom: "2025-04-01",
  },
  {
    id: 104,
    countryId: 2,
    stateId: stateId(2, "NB"),
    name: "HST",
    rateBps: 1500,
    source: `${ETA_HST}. New Brunswick: 15% from 2016-07-01`,
    effectiveFrom: "2016-07-01",
  },
  {
    id: 105,
    countryId: 2,
    stateId: stateId(2, "NL"),
    name: "HST",
    rateBps: 1500,
    source: `${ETA_HST}. Newfoundland and Labrador: 15% from 2016-07-01`,
    effectiveFrom: "2016-07-01",
  },
  {
    id: 106,
    countryId: 2,
    stateId: stateId(2, "PE"),
    name: "HST",
    rateBps: 1500,
    source: `${ETA_HST}. Prince Edward Island: 15% from 2016-10-01`,
    effectiveFrom: "2016-10-01",
  },
  {
    id: 107,
    countryId: 2,
    stateId: stateId(2, "QC"),
    name: "GST",
    rateBps: 500,
    source: ETA_GST,
    effectiveFrom: "2008-01-01",
  },
  {
    id: 108,
    countryId: 2,
    stateId: stateId(2, "QC"),
    name: "QST",
    rateBps: 997.5,
    source:
      "Act respecting the Québec sales tax (CQLR c. T-0.1), s. 16: QST 9.975% (since 2013-01-01), not charged on the GST",
    effectiveFrom: "2013-01-01",
  },
  {
    id: 109,
    countryId: 2,
    stateId: stateId(2, "BC"),
    name: "GST",
    rateBps: 500,
    source: `${ETA_GST}. British Columbia's PST (7%) is not charged on parking, and whether it applies to Parkwell's booking fees was not established, so it is left out. TransLink's parking tax (24%) is regional: the Metro Vancouver tax district's row (decision 049)`,
    effectiveFrom: "2008-01-01",
  },
  // United States: Illinois taxes parking itself, at 6% by the hour, day or week and 9% by the month.
  {
    id: 401,
    countryId: 4,
    stateId: stateId(4, "IL"),
    name: "Parking excise tax",
    rateBps: 600,
    taxedParts: ["parking"],
    purchase: "window",
    source:
      "Parking Excise Tax Act (35 ILCS 525/10-10): 6% of the purchase price of parking paid by the hour, day or week, from 2020-01-01; a booking intermediary's separately stated service fee is not in the base, and it collects the tax (Public Act 103-0009, from 2024-01-01); https://tax.illinois.gov/research/taxinformation/excise/parking-faq.html",
    effectiveFrom: "2020-01-01",
  },
  {
    id: 402,
    countryId: 4,
    stateId: stateId(4, "IL"),
    name: "Parking excise tax",
    rateBps: 900,
    taxedParts: ["parking"],
    purchase: "pass",
    source:
      "Parking Excise Tax Act (35 ILCS 525/10-10): 9% of the purchase price of parking paid by the month or year, from 2020-01-01; https://tax.illinois.gov/research/taxinformation/excise/parking-faq.html",
    effectiveFrom: "2020-01-01",
  },
  // Tax districts (decision 049): in addition to the state's (or country's) rows, on the parking.
  {
    id: 110,
    countryId: 2,
    stateId: stateId(2, "BC"),
    districtId: 4,
    name: "TransLink parking tax",
    rateBps: 2400,
    taxedParts: ["parking"],
    source: TRANSLINK_PST,
    effectiveFrom: "2019-07-01",
  },
  {
    id: 411,
    countryId: 4,
    stateId: stateId(4, "NY"),
    districtId: 1,
    name: "NYC parking tax",
    rateBps: 1837.5,
    taxedParts: ["parking"],
    source: `${NYC_DOF}. Manhattan: 18.375% (a Manhattan resident who parks a car registered at home may claim the 8% surcharge back from the Department of Finance; not modelled)`,
    effectiveFrom: "2005-06-01",
  },
  {
    id: 412,
    countryId: 4,
    stateId: stateId(4, "NY"),
    districtId: 2,
    name: "NYC parking tax",
    rateBps: 1037.5,
    taxedParts: ["parking"],
    source: `${NYC_DOF}. The Bronx, Brooklyn, Queens and Staten Island: 10.375%`,
    effectiveFrom: "2005-06-01",
  },
  {
    id: 413,
    countryId: 4,
    stateId: stateId(4, "CA"),
    districtId: 3,
    name: "Parking occupancy tax",
    rateBps: 1000,
    taxedParts: ["parking"],
    source: `${LAMC_POT}. The row's day is a floor before Parkwell's first sale in the United States, not the day the 10% rate began (not established)`,
    effectiveFrom: "2020-01-01",
  },
];

/** Parkwell's company in each served country: the seller its receipts name (billing_entities). */
export const BILLING_ENTITY_ROWS = [
  {
    countryId: 1,
    legalName: "Parkwell Nigeria Ltd",
    address: "12 Admiralty Way, Lekki Phase 1\nLagos, Nigeria",
    taxId: "TIN 24681357-0001",
    email: "receipts.ng@parkwell.test",
  },
  {
    countryId: 2,
    legalName: "Parkwell Canada Inc.",
    address: "1000 rue De La Gauchetière Ouest, bureau 2400\nMontréal (Québec) H3B 4W5, Canada",
    taxId: "GST/HST 812345678 RT0001",
    // A Québec sale's receipt must give the QST registration too.
    taxIds: [
      { name: "GST/HST", number: "812345678 RT0001" },
      { name: "QST", number: "1234567890 TQ0001" },
    ],
    email: "receipts.ca@parkwell.test",
  },
  {
    countryId: 3,
    legalName: "Parkwell Sénégal SARL",
    address: "Immeuble Fahd, boulevard Djily Mbaye\nDakar, Sénégal",
    taxId: "NINEA 009876543 2G3",
    email: "receipts.sn@parkwell.test",
  },
  {
    countryId: 4,
    legalName: "Parkwell US LLC",
    address: "350 Fifth Avenue, Suite 4100\nNew York, NY 10118, United States",
    taxId: "EIN 87-1234567",
    email: "receipts.us@parkwell.test",
  },
];

export const VEHICLE_TYPE_ROWS = [
  { id: 1, code: "car", name: "Car", description: "Saloon, hatchback, estate or coupé", sortOrder: 1 },
  { id: 2, code: "suv", name: "SUV", description: "SUV, crossover or pickup", sortOrder: 2 },
  {
    id: 3,
    code: "motorcycle",
    name: "Motorcycle",
    description: "Motorcycle, scooter or tricycle",
    sortOrder: 3,
  },
  { id: 4, code: "van", name: "Van / Bus", description: "Van, minibus or bus", sortOrder: 4 },
  { id: 5, code: "truck", name: "Truck", description: "Truck or lorry", sortOrder: 5 },
];
