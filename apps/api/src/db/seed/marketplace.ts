/**
 * The demo marketplace (docs/PRODUCT-RULES.md#marketplace): categories and attributes shared by
 * every country, and per country a catalogue priced as sold locally in its currency (minor units;
 * the CFA franc has none), services at a few parks of its main cities, add-ons, live offers,
 * sliders, Delivery Setup (depots, distance bands, time slots) and the two published coupons.
 *
 * Seeding only ever inserts what is missing. Items, add-ons, offers, sliders and attributes have
 * fixed ids; categories are keyed by slug, coupons by code, Delivery Setup by country. An item's
 * variations, add-on links and parks are written with the item, once; a country's depots, bands
 * and slots with its delivery settings row, once. So a restart or a demo reset never duplicates a
 * row nor puts back stock that orders have taken, and the back office's changes stay: a seeded
 * row it has deleted, or a category or coupon it has renamed (there is an audit entry), stays so.
 * The only update: an offer or a coupon about to end, that the back office has not touched (no
 * audit entry), is moved forward, so the demo always has live ones.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { queryRows } from "../client";
import {
  coupons,
  deliveryCharges,
  deliverySettings,
  marketAddons,
  marketAttributes,
  marketCategories,
  marketDepots,
  marketItemAddons,
  marketItemParks,
  marketItems,
  marketOffers,
  marketSliders,
  marketVariations,
  timeSlots,
  type Localised,
} from "../schema/index";
import type { Tx } from "../tx";
import { normalizeSearchText } from "../../lib/search-text";
import { buildSeedParks } from "./park-rows";

const DAY_MS = 86_400_000;
type CountryId = 1 | 2 | 3 | 4;
const COUNTRIES: readonly CountryId[] = [1, 2, 3, 4];
const l = (en: string, fr: string): Localised => ({ en, fr });

export interface SeedCategory {
  slug: string;
  name: Localised;
  /** A Lucide icon name. */
  icon: string;
}

export const MARKET_CATEGORY_SEED: readonly SeedCategory[] = [
  { slug: "car-care", name: l("Car care", "Entretien auto"), icon: "spray-can" },
  { slug: "safety-kits", name: l("Safety kits", "Kits de sécurité"), icon: "shield-check" },
  { slug: "electronics", name: l("Electronics & dash cams", "Électronique et dashcams"), icon: "cctv" },
  {
    slug: "phone-mounts",
    name: l("Phone mounts & chargers", "Supports et chargeurs"),
    icon: "smartphone",
  },
  { slug: "tyres-air", name: l("Tyres & air", "Pneus et gonflage"), icon: "gauge" },
  { slug: "child-seats", name: l("Child seats", "Sièges enfant"), icon: "baby" },
  { slug: "wash-valet", name: l("Wash & valet", "Lavage et nettoyage"), icon: "droplets" },
  { slug: "maintenance", name: l("Oil & maintenance", "Vidange et entretien"), icon: "wrench" },
  { slug: "ev-charging", name: l("EV charging", "Recharge électrique"), icon: "plug-zap" },
];

/** Attribute ids: fixed, as the variations below name them. */
export const MARKET_ATTRIBUTE_SEED = [
  { id: 1, name: l("Size", "Taille") },
  { id: 2, name: l("Colour", "Couleur") },
  { id: 3, name: l("Capacity", "Capacité") },
  { id: 4, name: l("Resolution", "Résolution") },
] as const;
const SIZE = 1;
const COLOUR = 2;
const CAPACITY = 3;
const RESOLUTION = 4;

/** An amount per country, in its minor units: NG kobo, CA and US cents, SN francs. */
type PerCountry = Record<CountryId, number>;
/** Naira to kobo, dollars to cents. */
const hundredths = (n: number) => Math.round(n * 100);
const naira = hundredths;
const cents = hundredths;
/** Prices in the unit a shopper reads: naira, Canadian dollars, CFA francs, US dollars. */
const price = (ng: number, ca: number, sn: number, us: number): PerCountry => ({
  1: naira(ng),
  2: cents(ca),
  3: sn,
  4: cents(us),
});
const same = (n: number): PerCountry => ({ 1: n, 2: n, 3: n, 4: n });

interface SeedVariation {
  attribute: number;
  value: Localised;
  price: PerCountry;
  stock: PerCountry;
}

export interface SeedItem {
  /** The item's id in each country is `countryId × 100 + n`. */
  n: number;
  category: string;
  kind: "product" | "service";
  name: Localised;
  /** Text for every country; `descriptionFor` replaces it where a country's rules are worth saying. */
  description: Localised;
  descriptionFor?: Partial<Record<CountryId, Localised>>;
  /** With variations, the lowest of theirs. */
  price: PerCountry;
  stock?: PerCountry;
  variations?: SeedVariation[];
  /** Add-on numbers (below) sold with it. */
  addons?: number[];
  status?: "active" | "inactive";
  /** Services: jobs per park per day, minutes per job, and how its parks are chosen. */
  service?: { capacity: number; minutes: number; parks: ServiceParks };
  /** Only in these countries. */
  only?: CountryId[];
}

type ServiceParks = "wash" | "valet" | "garage" | "ev";

const ADDON = { giftWrap: 1, tyreShine: 2, airFreshener: 3, express: 4, fitting: 5 } as const;

/** Add-ons: id `countryId × 100 + n`. */
export const MARKET_ADDON_SEED: readonly { n: number; name: Localised; price: PerCountry }[] = [
  { n: ADDON.giftWrap, name: l("Gift wrap", "Emballage cadeau"), price: price(1_500, 4.99, 1_000, 3.99) },
  { n: ADDON.tyreShine, name: l("Tyre shine", "Lustrage des pneus"), price: price(2_500, 7, 2_000, 6) },
  {
    n: ADDON.airFreshener,
    name: l("Air freshener", "Désodorisant"),
    price: price(1_000, 3, 1_000, 3),
  },
  {
    n: ADDON.express,
    name: l("Express: done within the hour", "Express : fait dans l'heure"),
    price: price(2_000, 10, 1_500, 10),
  },
  {
    n: ADDON.fitting,
    name: l("Fitted at the park", "Installation au parking"),
    price: price(5_000, 25, 5_000, 20),
  },
];

const FRSC: Localised = l(
  "The Federal Road Safety Corps (FRSC) requires every vehicle to carry",
  "Le Federal Road Safety Corps (FRSC) exige à bord de chaque véhicule",
);
const SN_RULE: Localised = l(
  "Senegal's highway code requires every vehicle to carry",
  "Le code de la route sénégalais exige à bord de chaque véhicule",
);

export const MARKET_ITEM_SEED: readonly SeedItem[] = [
  {
    n: 1,
    category: "electronics",
    kind: "product",
    name: l("Front dash cam with night vision", "Dashcam avant avec vision de nuit"),
    description: l(
      "A windscreen camera that records on a loop from ignition: 140° lens, night vision, G-sensor that locks the clip of an impact, parking mode and Wi-Fi download to your phone. 64 GB card included.",
      "Une caméra de pare-brise qui filme en boucle dès le démarrage : objectif 140°, vision de nuit, capteur de choc qui protège la séquence d'un impact, mode parking et transfert Wi-Fi vers votre téléphone. Carte 64 Go incluse.",
    ),
    price: price(45_000, 129.99, 35_000, 99.99),
    variations: [
      {
        attribute: RESOLUTION,
        value: l("1080p Full HD", "1080p Full HD"),
        price: price(45_000, 129.99, 35_000, 99.99),
        stock: same(12),
      },
      {
        attribute: RESOLUTION,
        value: l("2K Quad HD", "2K Quad HD"),
        price: price(68_000, 189.99, 52_000, 149.99),
        stock: same(6),
      },
    ],
    addons: [ADDON.fitting, ADDON.giftWrap],
  },
  {
    n: 2,
    category: "phone-mounts",
    kind: "product",
    name: l("Magnetic air-vent phone mount", "Support téléphone magnétique pour grille d'aération"),
    description: l(
      "Holds any phone up to 7 inches with a strong magnet and turns 360°; clips to the air vent without tools. Two metal plates included.",
      "Tient tout téléphone jusqu'à 7 pouces grâce à un aimant puissant et pivote à 360° ; se fixe à la grille d'aération sans outil. Deux plaques métalliques fournies.",
    ),
    price: price(8_500, 29.99, 6_500, 24.99),
    variations: [
      {
        attribute: COLOUR,
        value: l("Black", "Noir"),
        price: price(8_500, 29.99, 6_500, 24.99),
        stock: same(30),
      },
      {
        attribute: COLOUR,
        value: l("Silver", "Argent"),
        price: price(8_500, 29.99, 6_500, 24.99),
        stock: same(14),
      },
      {
        attribute: COLOUR,
        value: l("Red", "Rouge"),
        price: price(9_000, 31.99, 7_000, 26.99),
        stock: same(3),
      },
    ],
    addons: [ADDON.giftWrap],
  },
  {
    n: 3,
    category: "phone-mounts",
    kind: "product",
    name: l("Dual USB-C fast car charger 36 W", "Chargeur voiture rapide double USB-C 36 W"),
    description: l(
      "Two USB-C ports with fast charging for phones and tablets, in the 12 V socket; metal body and a 1 m braided cable.",
      "Deux ports USB-C à charge rapide pour téléphones et tablettes, sur la prise 12 V ; boîtier métallique et câble tressé de 1 m.",
    ),
    price: price(6_500, 24.99, 5_000, 19.99),
    stock: same(40),
  },
  {
    n: 4,
    category: "tyres-air",
    kind: "product",
    name: l("Digital tyre inflator", "Gonfleur de pneus numérique"),
    description: l(
      "Set the pressure, press start: it stops by itself when the tyre reaches it. Runs from the 12 V socket, with an LED torch and adapters for bikes and balls.",
      "Réglez la pression, appuyez sur démarrer : il s'arrête seul quand le pneu l'atteint. Fonctionne sur la prise 12 V, avec lampe LED et embouts pour vélos et ballons.",
    ),
    price: price(32_000, 79.99, 25_000, 59.99),
    // Limited stock: the last few.
    stock: { 1: 3, 2: 2, 3: 3, 4: 2 },
  },
  {
    n: 5,
    category: "tyres-air",
    kind: "product",
    name: l("Tyre pressure gauge", "Manomètre de pression des pneus"),
    description: l(
      "A pocket gauge with a backlit digital display in psi, bar and kPa.",
      "Un manomètre de poche à écran numérique rétroéclairé en psi, bar et kPa.",
    ),
    price: price(4_500, 14.99, 3_500, 9.99),
    // Sold out: shown, not orderable.
    stock: same(0),
  },
  {
    n: 6,
    category: "car-care",
    kind: "product",
    name: l("Wash & wax car-care kit", "Kit d'entretien lavage et cire"),
    description: l(
      "Everything for a hand wash at home: pH-neutral shampoo, carnauba wax, wheel cleaner, wash mitt, two microfibre cloths and a bucket.",
      "Tout pour laver à la main chez soi : shampooing pH neutre, cire de carnauba, nettoyant jantes, gant de lavage, deux chiffons microfibre et un seau.",
    ),
    price: price(18_500, 49.99, 15_000, 39.99),
    stock: same(20),
    addons: [ADDON.giftWrap],
  },
  {
    n: 7,
    category: "car-care",
    kind: "product",
    name: l("Microfibre towels, pack of 6", "Serviettes microfibre, lot de 6"),
    description: l(
      "Thick 40 × 40 cm microfibre towels that dry without streaks; machine washable.",
      "Serviettes microfibre épaisses de 40 × 40 cm qui sèchent sans traces ; lavables en machine.",
    ),
    price: price(5_500, 19.99, 4_500, 14.99),
    stock: same(50),
  },
  {
    n: 8,
    category: "child-seats",
    kind: "product",
    name: l("Child car seat", "Siège auto pour enfant"),
    description: l(
      "Fitted with ISOFIX or the seat belt, side-impact protection and a washable cover. Choose the size for your child's weight.",
      "Se fixe par ISOFIX ou par la ceinture, protection contre les chocs latéraux et housse lavable. Choisissez la taille selon le poids de l'enfant.",
    ),
    descriptionFor: {
      2: l(
        "Meets Canadian Motor Vehicle Safety Standard 213 (national safety mark on the seat). Fitted with the universal anchorage system or the seat belt, side-impact protection and a washable cover. Choose the size for your child's weight.",
        "Conforme à la Norme de sécurité des véhicules automobiles du Canada 213 (marque nationale de sécurité sur le siège). Se fixe par le système d'ancrage universel ou par la ceinture, protection contre les chocs latéraux et housse lavable. Choisissez la taille selon le poids de l'enfant.",
      ),
      4: l(
        "Meets Federal Motor Vehicle Safety Standard 213. Fitted with LATCH or the seat belt, side-impact protection and a washable cover. Choose the size for your child's weight.",
        "Conforme à la norme fédérale américaine FMVSS 213. Se fixe par LATCH ou par la ceinture, protection contre les chocs latéraux et housse lavable. Choisissez la taille selon le poids de l'enfant.",
      ),
    },
    price: price(55_000, 89.99, 40_000, 69.99),
    variations: [
      {
        attribute: SIZE,
        value: l("Infant, 0–13 kg", "Bébé, 0–13 kg"),
        price: price(85_000, 249.99, 65_000, 199.99),
        stock: same(4),
      },
      {
        attribute: SIZE,
        value: l("Toddler, 9–18 kg", "Enfant, 9–18 kg"),
        price: price(110_000, 349.99, 85_000, 279.99),
        stock: same(5),
      },
      {
        attribute: SIZE,
        value: l("Booster, 15–36 kg", "Rehausseur, 15–36 kg"),
        price: price(55_000, 89.99, 40_000, 69.99),
        stock: same(8),
      },
    ],
    addons: [ADDON.fitting],
  },
  {
    n: 9,
    category: "safety-kits",
    kind: "product",
    name: l("Vehicle first-aid kit", "Trousse de premiers secours auto"),
    description: l(
      "A compact first-aid kit for the glovebox: bandages, gauze, plasters, antiseptic wipes, gloves, scissors and a foil blanket.",
      "Une trousse compacte pour la boîte à gants : bandages, compresses, pansements, lingettes antiseptiques, gants, ciseaux et couverture de survie.",
    ),
    descriptionFor: {
      1: l(
        `${FRSC.en} a first-aid box: this one is checked at FRSC stops. Bandages, gauze, plasters, antiseptic wipes, gloves, scissors and a foil blanket.`,
        `${FRSC.fr} une trousse de premiers secours : celle-ci est vérifiée aux contrôles du FRSC. Bandages, compresses, pansements, lingettes antiseptiques, gants, ciseaux et couverture de survie.`,
      ),
      3: l(
        `${SN_RULE.en} a first-aid kit, checked at roadside controls. Bandages, gauze, plasters, antiseptic wipes, gloves, scissors and a foil blanket.`,
        `${SN_RULE.fr} une trousse de premiers secours, vérifiée lors des contrôles routiers. Bandages, compresses, pansements, lingettes antiseptiques, gants, ciseaux et couverture de survie.`,
      ),
    },
    price: price(12_000, 34.99, 9_000, 29.99),
    stock: same(25),
    addons: [ADDON.giftWrap],
  },
  {
    n: 10,
    category: "safety-kits",
    kind: "product",
    name: l("Warning-triangle kit", "Kit triangle de signalisation"),
    description: l(
      "Two folding reflective warning triangles and a high-visibility vest in a carry case: set them up 50 m behind a breakdown.",
      "Deux triangles de signalisation réfléchissants pliants et un gilet haute visibilité dans un étui : placez-les à 50 m derrière une panne.",
    ),
    descriptionFor: {
      1: l(
        `${FRSC.en} a C-caution sign (warning triangle): this kit has two, with a high-visibility vest, in a carry case. Set them up 50 m behind a breakdown.`,
        `${FRSC.fr} un panneau « C-caution » (triangle de signalisation) : ce kit en contient deux, avec un gilet haute visibilité, dans un étui. Placez-les à 50 m derrière une panne.`,
      ),
      3: l(
        `${SN_RULE.en} a warning triangle: this kit has two, with a high-visibility vest, in a carry case. Set them up 50 m behind a breakdown.`,
        `${SN_RULE.fr} un triangle de présignalisation : ce kit en contient deux, avec un gilet haute visibilité, dans un étui. Placez-les à 50 m derrière une panne.`,
      ),
    },
    price: price(9_500, 39.99, 7_500, 29.99),
    stock: same(25),
  },
  {
    n: 11,
    category: "safety-kits",
    kind: "product",
    name: l("Fire extinguisher, 1 kg", "Extincteur, 1 kg"),
    description: l(
      "A 1 kg dry-powder extinguisher with a bracket for under the seat and a pressure gauge you can read at a glance.",
      "Un extincteur à poudre de 1 kg avec un support pour sous le siège et un manomètre lisible d'un coup d'œil.",
    ),
    descriptionFor: {
      1: l(
        `${FRSC.en} a working fire extinguisher. A 1 kg dry-powder extinguisher with a bracket for under the seat and a pressure gauge.`,
        `${FRSC.fr} un extincteur en état de marche. Un extincteur à poudre de 1 kg avec un support pour sous le siège et un manomètre.`,
      ),
      3: l(
        `${SN_RULE.en} a fire extinguisher. A 1 kg dry-powder extinguisher with a bracket for under the seat and a pressure gauge.`,
        `${SN_RULE.fr} un extincteur. Un extincteur à poudre de 1 kg avec un support pour sous le siège et un manomètre.`,
      ),
    },
    price: price(14_000, 44.99, 12_000, 34.99),
    stock: same(18),
  },
  {
    n: 12,
    category: "electronics",
    kind: "product",
    name: l("Portable jump starter", "Booster de démarrage portable"),
    description: l(
      "Starts a flat battery without another car, in under a minute, with reverse-polarity protection; doubles as a power bank with USB-C.",
      "Démarre une batterie à plat sans autre voiture, en moins d'une minute, avec protection contre l'inversion de polarité ; sert aussi de batterie externe USB-C.",
    ),
    price: price(55_000, 119.99, 45_000, 99.99),
    variations: [
      {
        attribute: CAPACITY,
        value: l("12,000 mAh (petrol up to 3 L)", "12 000 mAh (essence jusqu'à 3 L)"),
        price: price(55_000, 119.99, 45_000, 99.99),
        stock: same(7),
      },
      {
        attribute: CAPACITY,
        value: l("20,000 mAh (diesel up to 5 L)", "20 000 mAh (diesel jusqu'à 5 L)"),
        price: price(78_000, 169.99, 65_000, 139.99),
        stock: same(2),
      },
    ],
    addons: [ADDON.giftWrap],
  },
  {
    n: 13,
    category: "car-care",
    kind: "product",
    name: l("Windscreen sunshade", "Pare-soleil de pare-brise"),
    description: l(
      "A foldable reflective sunshade that keeps the cabin cool in a parked car.",
      "Un pare-soleil réfléchissant pliable qui garde l'habitacle au frais dans une voiture garée.",
    ),
    price: price(6_000, 19.99, 4_000, 17.99),
    stock: same(15),
    // No longer sold: the back office shows it, the shop does not.
    status: "inactive",
  },
  {
    n: 14,
    category: "car-care",
    kind: "product",
    name: l("Snow brush and ice scraper", "Balai à neige et grattoir"),
    description: l(
      "A 90 cm telescopic snow brush with a pivoting head and an ice scraper with brass blade.",
      "Un balai à neige télescopique de 90 cm à tête pivotante et un grattoir à lame en laiton.",
    ),
    price: price(0, 24.99, 0, 22.99),
    stock: same(35),
    only: [2, 4],
  },
  {
    n: 21,
    category: "wash-valet",
    kind: "service",
    name: l("Hand car wash", "Lavage à la main"),
    description: l(
      "Your car is washed by hand while it is parked: exterior shampoo, wheels, windows inside and out, and a hand dry. Leave the key with the attendant.",
      "Votre voiture est lavée à la main pendant qu'elle est garée : shampooing extérieur, jantes, vitres intérieures et extérieures, séchage à la main. Laissez la clé au gardien.",
    ),
    price: price(5_000, 35, 3_000, 30),
    service: { capacity: 12, minutes: 45, parks: "wash" },
    addons: [ADDON.tyreShine, ADDON.airFreshener, ADDON.express],
  },
  {
    n: 22,
    category: "wash-valet",
    kind: "service",
    name: l("Interior valet", "Nettoyage intérieur complet"),
    description: l(
      "A deep clean of the cabin: vacuuming, seats and carpets shampooed, dashboard and plastics treated, windows and mats.",
      "Un nettoyage en profondeur de l'habitacle : aspiration, sièges et moquettes shampouinés, tableau de bord et plastiques traités, vitres et tapis.",
    ),
    price: price(15_000, 89, 10_000, 79),
    service: { capacity: 6, minutes: 90, parks: "valet" },
    addons: [ADDON.airFreshener, ADDON.express],
  },
  {
    n: 23,
    category: "maintenance",
    kind: "service",
    name: l("Oil and filter change", "Vidange et filtre à huile"),
    description: l(
      "A mobile mechanic changes the engine oil (up to 5 L of semi-synthetic) and the oil filter at the park, and checks the fluids and tyre pressures.",
      "Un mécanicien mobile change l'huile moteur (jusqu'à 5 L de semi-synthétique) et le filtre à huile au parking, puis vérifie les niveaux et la pression des pneus.",
    ),
    price: price(35_000, 79.99, 30_000, 69.99),
    service: { capacity: 4, minutes: 60, parks: "garage" },
    addons: [ADDON.express],
  },
  {
    n: 24,
    category: "ev-charging",
    kind: "service",
    name: l("EV charging session", "Session de recharge électrique"),
    description: l(
      "A reserved charging bay and up to 30 kWh while you are parked, about 200 km of range. Type 2 and CCS connectors.",
      "Une borne réservée et jusqu'à 30 kWh pendant votre stationnement, environ 200 km d'autonomie. Prises Type 2 et CCS.",
    ),
    price: price(12_000, 15, 8_000, 12),
    service: { capacity: 10, minutes: 60, parks: "ev" },
  },
];

/** The main cities whose parks do the services. */
export const SERVICE_CITIES: Record<CountryId, string[]> = {
  1: ["Lagos", "Abuja"],
  2: ["Toronto", "Montréal"],
  3: ["Dakar"],
  4: ["New York", "Los Angeles"],
};

interface SeedPark {
  id: number;
  city: string;
  type: string;
  name: string;
  amenities: string[];
}

/**
 * The seeded parks (by id, so the same on every run) a service is done at in a city: washes and
 * valets in city-centre garages and mall car parks, oil changes in garages (in town first),
 * charging where the park has chargers; only parks that are active now.
 */
export function serviceParks(
  all: readonly SeedPark[],
  kind: ServiceParks,
  city: string,
  active: Set<number>,
) {
  const inCity = all.filter((p) => p.city === city && active.has(p.id)).sort((a, b) => a.id - b.id);
  const central = inCity.filter((p) => p.type === "city" || p.type === "mall");
  const pick = (list: SeedPark[], n: number, skip = 0) =>
    (list.length >= skip + 2 ? list.slice(skip) : list).slice(0, n);
  switch (kind) {
    case "wash":
      return pick(central, 3);
    case "valet":
      return pick(central, 3, 1);
    case "garage":
      // Garages in town first (a mechanic comes to the car), then the others.
      return pick(
        [...central, ...inCity.filter((p) => !central.includes(p))].filter((p) =>
          /garage|souterrain/i.test(p.name),
        ),
        2,
      );
    case "ev":
      return pick(
        inCity.filter((p) => p.amenities.includes("ev_charging")),
        3,
      );
  }
}

/** An offer: on one item (`n`) or a category (`slug`); id `countryId × 10 + n`. */
export const MARKET_OFFER_SEED: readonly {
  n: number;
  name: Localised;
  item?: number;
  category?: string;
  discountType: "fixed" | "percentage";
  discount: PerCountry;
  max?: PerCountry;
}[] = [
  {
    n: 1,
    name: l("Dash cam week: 15% off", "Semaine dashcam : -15 %"),
    item: 1,
    discountType: "percentage",
    discount: same(1_500),
    max: price(8_000, 25, 7_000, 20),
  },
  {
    n: 2,
    name: l("Car care: money off every product", "Entretien auto : une remise sur chaque produit"),
    category: "car-care",
    discountType: "fixed",
    discount: price(1_000, 5, 1_000, 4),
  },
  {
    n: 3,
    name: l("Wash & valet: 10% off", "Lavage et nettoyage : -10 %"),
    category: "wash-valet",
    discountType: "percentage",
    discount: same(1_000),
    max: price(2_000, 10, 1_500, 10),
  },
];
/** Offers last this long from seeding, and move forward when fewer than OFFER_RENEW_MS are left. */
const OFFER_WINDOW_MS = 30 * DAY_MS;
const OFFER_RENEW_MS = 7 * DAY_MS;

/** Sliders: id `countryId × 10 + n`, linking to a category or an item (`/marketplace/<id>`). */
export const MARKET_SLIDER_SEED: readonly {
  n: number;
  title: Localised;
  subtitle: Localised;
  link: (countryId: CountryId) => string;
}[] = [
  {
    n: 1,
    title: l("Record every drive", "Filmez chaque trajet"),
    subtitle: l("Dash cams at 15% off this month", "Dashcams à -15 % ce mois-ci"),
    link: (c) => `/marketplace/${itemId(c, 1)}`,
  },
  {
    n: 2,
    title: l("A clean car while you park", "Une voiture propre pendant que vous stationnez"),
    subtitle: l("Hand wash and valet at your car park", "Lavage et nettoyage à votre parking"),
    link: () => "/marketplace?category=wash-valet",
  },
  {
    n: 3,
    title: l("Ready for the road", "Prêt pour la route"),
    subtitle: l("First-aid, triangles and extinguishers", "Trousses, triangles et extincteurs"),
    link: () => "/marketplace?category=safety-kits",
  },
];

export interface SeedCoupon {
  code: string;
  name: string;
  discountType: "fixed" | "percentage";
  /** Minor units (fixed) or basis points (percentage). */
  discount: number;
  minOrderMinor: number;
  maxDiscountMinor: number | null;
  limitPerUser: number;
}

/**
 * The two published coupons of each country (README.md "Marketplace coupons"): PARKWELL10 takes
 * 10% off the goods, at most ₦5,000 / CA$12 / 5,000 F CFA / $10, once per driver; the welcome
 * coupon takes a fixed amount off an order of at least ten times as much, once per driver.
 */
export const MARKET_COUPON_SEED: Record<CountryId, SeedCoupon[]> = {
  1: coupons2(naira(5_000), "WELCOME2000", naira(2_000), naira(20_000)),
  2: coupons2(cents(12), "WELCOME5", cents(5), cents(50)),
  3: coupons2(5_000, "WELCOME2000", 2_000, 20_000),
  4: coupons2(cents(10), "WELCOME5", cents(5), cents(50)),
};
function coupons2(cap: number, welcome: string, off: number, min: number): SeedCoupon[] {
  return [
    {
      code: "PARKWELL10",
      name: "10% off your order",
      discountType: "percentage",
      discount: 1_000,
      minOrderMinor: 0,
      maxDiscountMinor: cap,
      limitPerUser: 1,
    },
    {
      code: welcome,
      name: "Welcome offer",
      discountType: "fixed",
      discount: off,
      minOrderMinor: min,
      maxDiscountMinor: null,
      limitPerUser: 1,
    },
  ];
}
/** Coupons last a year from seeding and move forward when fewer than 60 days are left. */
const COUPON_WINDOW_MS = 365 * DAY_MS;
const COUPON_RENEW_MS = 60 * DAY_MS;

/** One depot per main city, at a real address. */
export const MARKET_DEPOT_SEED: Record<
  CountryId,
  { name: string; city: string; lat: number; lng: number }[]
> = {
  1: [
    { name: "Parkwell depot, Ikeja (Allen Avenue)", city: "Lagos", lat: 6.6018, lng: 3.3515 },
    { name: "Parkwell depot, Wuse 2", city: "Abuja", lat: 9.0799, lng: 7.4702 },
  ],
  2: [
    { name: "Parkwell depot, Liberty Village", city: "Toronto", lat: 43.6376, lng: -79.4203 },
    { name: "Dépôt Parkwell, Saint-Henri", city: "Montréal", lat: 45.4773, lng: -73.5865 },
  ],
  3: [{ name: "Dépôt Parkwell, Hann Maristes", city: "Dakar", lat: 14.7356, lng: -17.4335 }],
  4: [
    { name: "Parkwell depot, Long Island City", city: "New York", lat: 40.7447, lng: -73.9485 },
    { name: "Parkwell depot, Arts District", city: "Los Angeles", lat: 34.0407, lng: -118.2335 },
  ],
};

/** The delivery charge by distance from the nearest depot: up to 5, 15 and 30 km. */
export const DELIVERY_BAND_SEED: Record<CountryId, { upToKm: number; chargeMinor: number }[]> = {
  1: bands(naira(1_500), naira(3_000), naira(5_000)),
  2: bands(cents(5.99), cents(9.99), cents(14.99)),
  3: bands(1_000, 2_000, 3_500),
  4: bands(cents(4.99), cents(8.99), cents(12.99)),
};
function bands(near: number, mid: number, far: number) {
  return [
    { upToKm: 5, chargeMinor: near },
    { upToKm: 15, chargeMinor: mid },
    { upToKm: 30, chargeMinor: far },
  ];
}

/** Monday to Saturday 09:00–12:00, 12:00–15:00, 15:00–18:00; Sunday 10:00–14:00; the country's clock. */
export const TIME_SLOT_SEED: readonly { day: number; openingTime: string; closingTime: string }[] = [
  ...[1, 2, 3, 4, 5, 6].flatMap((day) =>
    [
      ["09:00", "12:00"],
      ["12:00", "15:00"],
      ["15:00", "18:00"],
    ].map(([openingTime, closingTime]) => ({ day, openingTime: openingTime!, closingTime: closingTime! })),
  ),
  { day: 0, openingTime: "10:00", closingTime: "14:00" },
];

export const itemId = (countryId: CountryId, n: number) => countryId * 100 + n;
const addonId = (countryId: CountryId, n: number) => countryId * 100 + n;
const offerId = (countryId: CountryId, n: number) => countryId * 10 + n;
const sliderId = (countryId: CountryId, n: number) => countryId * 10 + n;

/** The items seeded in a country (an item limited to other countries is left out). */
export const seedItemsOf = (countryId: CountryId) =>
  MARKET_ITEM_SEED.filter((i) => !i.only || i.only.includes(countryId));

/** An item's text-search column, as the back office writes it: both languages' names and descriptions. */
export function itemSearchText(name: Localised, description: Localised): string {
  return normalizeSearchText(`${name.en} ${name.fr} ${description.en} ${description.fr}`);
}

/** A back-office change (an audit entry) makes a row the staff's: seeding no longer moves it. */
const managed = (entity: string, id: ReturnType<typeof sql>) =>
  sql`EXISTS (SELECT 1 FROM audit_log a WHERE a.entity = ${entity} AND a.entity_id = (${id})::text)`;

/**
 * The seeded rows the back office has had in hand, from the audit log: `<entity>:<id>` for rows
 * with fixed ids, and `<entity>:<slug or code>` for categories and coupons by what they were
 * called before a change. One it has deleted (or renamed) is not put back.
 */
async function staffRows(db: Tx): Promise<Set<string>> {
  const rows = await queryRows<{ entity: string; key: string }>(
    db,
    sql`SELECT DISTINCT entity, entity_id AS key FROM audit_log
        WHERE entity IN ('market_attribute', 'market_addon', 'market_item', 'market_offer', 'market_slider')
      UNION
      SELECT DISTINCT entity, coalesce(before->>'slug', before->>'code') AS key FROM audit_log
        WHERE entity IN ('market_category', 'coupon') AND coalesce(before->>'slug', before->>'code') IS NOT NULL`,
  );
  return new Set(rows.map((r) => `${r.entity}:${r.key}`));
}

/** Seeds the marketplace at `now` (the offers' and coupons' windows count from it). */
export async function seedMarketplace(db: Tx, now: Date): Promise<void> {
  const staff = await staffRows(db);
  const fresh = (entity: string) => (row: { id: number }) => !staff.has(`${entity}:${row.id}`);
  const categories = MARKET_CATEGORY_SEED.map((c, position) => ({ ...c, position })).filter(
    (c) => !staff.has(`market_category:${c.slug}`),
  );
  if (categories.length > 0) {
    await db
      .insert(marketCategories)
      .values(categories)
      .onConflictDoNothing({ target: marketCategories.slug });
  }
  const categoryIds = new Map(
    (await db.select({ id: marketCategories.id, slug: marketCategories.slug }).from(marketCategories)).map(
      (c) => [c.slug, c.id],
    ),
  );
  const attributes = MARKET_ATTRIBUTE_SEED.map((a) => ({ id: a.id, name: a.name })).filter(
    fresh("market_attribute"),
  );
  if (attributes.length > 0) {
    await db.insert(marketAttributes).values(attributes).onConflictDoNothing({ target: marketAttributes.id });
  }
  const activeParks = new Set(
    (
      await queryRows<{ id: number }>(
        db,
        sql`SELECT id FROM parks WHERE status = 'active' AND city = ANY(${sql.param(
          Object.values(SERVICE_CITIES).flat(),
        )}::text[])`,
      )
    ).map((r) => Number(r.id)),
  );
  const parks = buildSeedParks().map((p) => p.row);
  for (const countryId of COUNTRIES) {
    const addons = MARKET_ADDON_SEED.map((a) => ({
      id: addonId(countryId, a.n),
      countryId,
      name: a.name,
      priceMinor: a.price[countryId],
    })).filter(fresh("market_addon"));
    if (addons.length > 0) {
      await db.insert(marketAddons).values(addons).onConflictDoNothing({ target: marketAddons.id });
    }
    for (const item of seedItemsOf(countryId)) {
      if (!fresh("market_item")({ id: itemId(countryId, item.n) })) continue;
      await seedItem(db, countryId, item, categoryIds, parks, activeParks);
    }
    await seedOffers(db, countryId, categoryIds, now, fresh("market_offer"));
    const sliders = MARKET_SLIDER_SEED.map((s) => ({
      id: sliderId(countryId, s.n),
      countryId,
      title: s.title,
      subtitle: s.subtitle,
      link: s.link(countryId),
      position: s.n,
    })).filter(fresh("market_slider"));
    if (sliders.length > 0) {
      await db.insert(marketSliders).values(sliders).onConflictDoNothing({ target: marketSliders.id });
    }
    await seedCoupons(db, countryId, now, staff);
    await seedDelivery(db, countryId);
  }
  for (const table of [
    "market_items",
    "market_addons",
    "market_offers",
    "market_sliders",
    "market_attributes",
  ]) {
    await moveIdentityPast(db, table);
  }
}

async function seedItem(
  db: Tx,
  countryId: CountryId,
  item: SeedItem,
  categoryIds: Map<string, number>,
  parks: readonly SeedPark[],
  activeParks: Set<number>,
): Promise<void> {
  const categoryId = categoryIds.get(item.category);
  // The back office may have changed the category's slug: then the item is not put back.
  if (categoryId === undefined) return;
  const id = itemId(countryId, item.n);
  const description = item.descriptionFor?.[countryId] ?? item.description;
  const varied = (item.variations?.length ?? 0) > 0;
  const inserted = await db
    .insert(marketItems)
    .values({
      id,
      countryId,
      categoryId,
      kind: item.kind,
      name: item.name,
      description,
      priceMinor: item.price[countryId],
      stock: item.kind === "product" && !varied ? (item.stock?.[countryId] ?? 0) : null,
      dailyCapacity: item.service?.capacity ?? null,
      durationMinutes: item.service?.minutes ?? null,
      status: item.status ?? "active",
      search: itemSearchText(item.name, description),
    })
    .onConflictDoNothing({ target: marketItems.id })
    .returning({ id: marketItems.id });
  // Only a new item gets its parts: an existing one is the shop's as it is now.
  if (inserted.length === 0) return;
  if (item.variations) {
    await db.insert(marketVariations).values(
      item.variations.map((v, position) => ({
        itemId: id,
        attributeId: v.attribute,
        value: v.value,
        priceMinor: v.price[countryId],
        stock: v.stock[countryId],
        position,
      })),
    );
  }
  // An add-on deleted in the back office is not put back on the item.
  const addons = (item.addons ?? []).map((n) => addonId(countryId, n));
  const present =
    addons.length === 0
      ? []
      : await db.select({ id: marketAddons.id }).from(marketAddons).where(inArray(marketAddons.id, addons));
  if (present.length > 0) {
    await db
      .insert(marketItemAddons)
      .values(present.map((a) => ({ itemId: id, addonId: a.id })))
      .onConflictDoNothing();
  }
  if (item.service) {
    const chosen = SERVICE_CITIES[countryId].flatMap((city) =>
      serviceParks(parks, item.service!.parks, city, activeParks),
    );
    if (chosen.length > 0) {
      await db
        .insert(marketItemParks)
        .values(chosen.map((p) => ({ itemId: id, parkId: p.id })))
        .onConflictDoNothing();
    }
  }
}

async function seedOffers(
  db: Tx,
  countryId: CountryId,
  categoryIds: Map<string, number>,
  now: Date,
  fresh: (row: { id: number }) => boolean,
) {
  const startsAt = new Date(now.getTime() - DAY_MS);
  const endsAt = new Date(now.getTime() + OFFER_WINDOW_MS);
  const rows = MARKET_OFFER_SEED.flatMap((o) => {
    const categoryId = o.category ? categoryIds.get(o.category) : undefined;
    if (o.category && categoryId === undefined) return [];
    return [
      {
        id: offerId(countryId, o.n),
        countryId,
        name: o.name,
        itemId: o.item ? itemId(countryId, o.item) : null,
        categoryId: categoryId ?? null,
        discountType: o.discountType,
        discount: o.discount[countryId],
        maxDiscountMinor: o.max?.[countryId] ?? null,
        startsAt,
        endsAt,
      },
    ];
  });
  // An offer on an item that is gone (deleted in the back office) is not put back.
  for (const row of rows.filter(fresh)) {
    if (row.itemId !== null) {
      const [exists] = await db
        .select({ id: marketItems.id })
        .from(marketItems)
        .where(eq(marketItems.id, row.itemId));
      if (!exists) continue;
    }
    await db.insert(marketOffers).values(row).onConflictDoNothing({ target: marketOffers.id });
  }
  await db.execute(sql`UPDATE market_offers o SET starts_at = ${startsAt.toISOString()}::timestamptz,
      ends_at = ${endsAt.toISOString()}::timestamptz
    WHERE o.id = ANY(${sql.param(MARKET_OFFER_SEED.map((o) => offerId(countryId, o.n)))}::int[])
      AND o.ends_at < ${new Date(now.getTime() + OFFER_RENEW_MS).toISOString()}::timestamptz
      AND NOT ${managed("market_offer", sql`o.id`)}`);
}

async function seedCoupons(db: Tx, countryId: CountryId, now: Date, staff: Set<string>) {
  const startsAt = now;
  const endsAt = new Date(now.getTime() + COUPON_WINDOW_MS);
  const list = MARKET_COUPON_SEED[countryId];
  const missing = list.filter((c) => !staff.has(`coupon:${c.code}`));
  if (missing.length > 0) {
    await db
      .insert(coupons)
      .values(missing.map((c) => ({ ...c, countryId, startsAt, endsAt })))
      .onConflictDoNothing({ target: [coupons.countryId, coupons.code] });
  }
  await db.execute(sql`UPDATE coupons c SET ends_at = ${endsAt.toISOString()}::timestamptz,
      starts_at = LEAST(c.starts_at, ${startsAt.toISOString()}::timestamptz)
    WHERE c.country_id = ${countryId} AND c.code = ANY(${sql.param(list.map((c) => c.code))}::text[])
      AND c.ends_at < ${new Date(now.getTime() + COUPON_RENEW_MS).toISOString()}::timestamptz
      AND NOT ${managed("coupon", sql`c.id`)}`);
}

/** Delivery Setup: its row first; the depots, bands and slots only with a new row (once per country). */
async function seedDelivery(db: Tx, countryId: CountryId) {
  const inserted = await db
    .insert(deliverySettings)
    .values({ countryId, deliveryEnabled: true, takeawayEnabled: true })
    .onConflictDoNothing({ target: deliverySettings.countryId })
    .returning({ countryId: deliverySettings.countryId });
  if (inserted.length === 0) return;
  await db.insert(marketDepots).values(MARKET_DEPOT_SEED[countryId].map((d) => ({ ...d, countryId })));
  await db
    .insert(deliveryCharges)
    .values(DELIVERY_BAND_SEED[countryId].map((b) => ({ ...b, countryId })))
    .onConflictDoNothing();
  await db.insert(timeSlots).values(TIME_SLOT_SEED.map((s) => ({ ...s, countryId })));
}

/**
 * Seeded ids are explicit: the identity moves past them (never back), so rows created later get
 * fresh ids.
 */
async function moveIdentityPast(db: Tx, table: string): Promise<void> {
  await db.execute(
    sql.raw(`SELECT setval(s.seq, m.max_id)
      FROM (SELECT pg_get_serial_sequence('${table}', 'id') AS seq) s, (SELECT max(id) AS max_id FROM ${table}) m
      WHERE m.max_id IS NOT NULL AND m.max_id > COALESCE((SELECT q.last_value FROM pg_sequences q
        WHERE format('%I.%I', q.schemaname, q.sequencename) = s.seq), 0)`),
  );
}
