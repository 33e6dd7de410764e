/** The demo marketplace's catalogue: categories, attributes, add-ons and items (written by marketplace.ts). */
import type { Localised } from "../schema/index";
import { l, price, same, type CountryId, type PerCountry } from "./marketplace-values";

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

export type ServiceParks = "wash" | "valet" | "garage" | "ev";

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
      "An hour of charging at the park's own chargers while you are parked, paid here: show this order's code at the park to plug in. Its connectors and power are on the park's page. First come, first served: no charger is reserved for you.",
      "Une heure de recharge aux bornes du parking pendant votre stationnement, payée ici : montrez le code de cette commande au parking pour brancher votre véhicule. Ses prises et leur puissance sont sur la page du parking. Premier arrivé, premier servi : aucune borne ne vous est réservée.",
    ),
    price: price(12_000, 15, 8_000, 12),
    service: { capacity: 10, minutes: 60, parks: "ev" },
  },
];

/**
 * Seeded descriptions found untrue and rewritten, by item number: a database seeded before keeps
 * its items (the shop's from then on), so the seed replaces such a text only where it is still
 * exactly the old one. "EV charging session" promised a reserved bay, which Parkwell does not sell.
 */
export const RETIRED_DESCRIPTIONS: { n: number; was: Localised }[] = [
  {
    n: 24,
    was: l(
      "A reserved charging bay and up to 30 kWh while you are parked, about 200 km of range. Type 2 and CCS connectors.",
      "Une borne réservée et jusqu'à 30 kWh pendant votre stationnement, environ 200 km d'autonomie. Prises Type 2 et CCS.",
    ),
  },
];

/** The items seeded in a country (an item limited to other countries is left out). */
export const seedItemsOf = (countryId: CountryId) =>
  MARKET_ITEM_SEED.filter((i) => !i.only || i.only.includes(countryId));
