import type { BlogPost, EventDetail, MarketItemDetail, ParkDetail, ParkRate } from "@parkwell/contract";
import { describe, expect, it } from "vitest";
import { jsonLdText } from "./json-ld";
import { blogPostingJsonLd, eventJsonLd, parkingFacilityJsonLd, productJsonLd } from "./structured-data";
import { schemaOrgIssues } from "./testing/schema-org";

const ORIGIN = "https://parkwell.example";

const rate = (over: Partial<ParkRate>): ParkRate => ({
  park_id: 1,
  vehicle_type_id: 1,
  vehicle_type: "Car",
  kind: "standard",
  currency: "NGN",
  hourly: 500,
  daily_max: 4000,
  capacity: 40,
  ...over,
});

const lagosPark: ParkDetail = {
  id: 1,
  slug: "ikeja-city-mall-park",
  park_code: "LOS001",
  name: "Ikeja City Mall Park",
  type: "city",
  address: "174/194 Obafemi Awolowo Way, Alausa",
  city: "Ikeja",
  state: "Lagos",
  country_code: "NG",
  lat: 6.6142,
  lng: 3.3581,
  open_24h: false,
  amenities: ["cctv", "covered"],
  rating: { average: 4.35, count: 12 },
  price_from: { vehicle_type_id: 1, currency: "NGN", hourly: 500, daily_max: 4000 },
  description: "Covered parking beside the mall.",
  time_zone: "Africa/Lagos",
  country: { id: 1, code: "NG", name: "Nigeria", currency: "NGN" },
  opening_hours: [
    { open: "07:00", close: "22:00" },
    { open: "07:00", close: "22:00" },
    { open: "07:00", close: "22:00" },
    { open: "07:00", close: "22:00" },
    { open: "07:00", close: "24:00" },
    { open: "09:00", close: "24:00" },
    null,
  ],
  overnight_stays: false,
  closures: [],
  max_height_cm: 210,
  entry_instructions: "Enter from Obafemi Awolowo Way.",
  text_language: "en",
  photos: [{ url: "/media/parks/ikeja-1.jpg", alt: "The entrance" }],
  operator: "Ikeja Parking Ltd",
  status: "active",
  rates: [rate({}), rate({ vehicle_type_id: 2, vehicle_type: "SUV", hourly: 700, daily_max: 5600 })],
};

const montrealPark: ParkDetail = {
  ...lagosPark,
  id: 2,
  slug: "stationnement-peel",
  park_code: "YUL002",
  name: "Stationnement Peel",
  address: "1200 rue Peel",
  city: "Montréal",
  state: "QC",
  country_code: "CA",
  lat: 45.4988,
  lng: -73.5716,
  open_24h: true,
  opening_hours: null,
  rating: { average: null, count: 0 },
  time_zone: "America/Toronto",
  country: { id: 2, code: "CA", name: "Canada", currency: "CAD" },
  text_language: "fr",
  photos: [],
  rates: [rate({ park_id: 2, currency: "CAD", hourly: 4.5, daily_max: 24 })],
};

const parkInput = (park: ParkDetail) => ({
  park,
  url: `${ORIGIN}/park/${park.slug}?lang=en`,
  origin: ORIGIN,
  vehicleName: (r: ParkRate) => r.vehicle_type,
  describeRate: (r: ParkRate) => `${r.vehicle_type}: ${r.hourly} ${r.currency} an hour`,
});

const bellCentreEvent: EventDetail = {
  event_code: "EVT-HAB-01",
  name: "Canadiens vs Maple Leafs",
  category: "sports",
  status: "published",
  visibility: "public",
  venue: {
    name: "Bell Centre",
    address: "1909 Avenue des Canadiens-de-Montréal",
    city: "Montréal",
    country_code: "CA",
    lat: 45.4961,
    lng: -73.5693,
  },
  time_zone: "America/Toronto",
  // 19:00 and 22:00 in Montréal on 5 December (EST, UTC−5).
  start_time: "2026-12-06T00:00:00.000Z",
  end_time: "2026-12-06T03:00:00.000Z",
  image_url: "/media/events/habs.jpg",
  price_from: { amount: 25, currency: "CAD" },
  description: "Hockey night at the Bell Centre.",
  text_language: "en",
  parks: [
    {
      park: {
        id: 2,
        slug: "stationnement-peel",
        park_code: "YUL002",
        name: "Stationnement Peel",
        type: "city",
        address: "1200 rue Peel",
        city: "Montréal",
        lat: 45.4988,
        lng: -73.5716,
      },
      prices: [
        {
          vehicle_type_id: 1,
          vehicle_type: "Car",
          flat_price: { amount: 25, currency: "CAD" },
          price: {
            amount: 28.74,
            currency: "CAD",
            breakdown: {
              hours: 5,
              days: 0,
              parking: 25,
              service_fee: 0,
              booking_fee: 0,
              tax: 3.74,
              tax_name: "GST/QST",
              total: 28.74,
            },
          },
          available: 0,
        },
      ],
      window: { start_time: "2026-12-05T22:00:00.000Z", end_time: "2026-12-06T04:00:00.000Z" },
      arrive_before_minutes: 120,
      depart_after_minutes: 60,
      available: 0,
      distance_km: 0.4,
      walking_minutes: 5,
    },
  ],
};

const item: MarketItemDetail = {
  id: 42,
  kind: "product",
  name: "Windscreen sun shade",
  category: { slug: "accessories", name: "Accessories" },
  image_url: "/media/market/shade.jpg",
  price: { amount: 15000, currency: "NGN" },
  offer_price: { amount: 12000, currency: "NGN" },
  stock: 8,
  has_variations: false,
  description: "A folding shade for the windscreen.",
  images: ["/media/market/shade-2.jpg"],
  attribute: null,
  variations: [],
  addons: [],
  duration_minutes: null,
  parks: [],
  offer: { name: "Harmattan sale", ends_at: "2026-12-31T22:59:59.000Z" },
};

const frenchPost: BlogPost = {
  id: 7,
  slug: "stationner-a-montreal",
  language: "fr",
  fallback: false,
  title: "Stationner à Montréal l'hiver",
  summary: "Nos conseils pour l'hiver.",
  cover: { url: "/media/blog/hiver.jpg", thumb_url: "/media/blog/hiver-thumb.jpg", alt: "Neige" },
  category: { id: 1, slug: "conseils", name: "Conseils" },
  tags: ["hiver", "Montréal"],
  author: "Camille Tremblay",
  published_at: "2026-11-20T14:00:00.000Z",
  html: "<p>…</p>",
  versions: [{ language: "fr", slug: "stationner-a-montreal" }],
  share: { title: "Stationner à Montréal l'hiver", description: "Nos conseils pour l'hiver." },
};

describe("the schema.org check", () => {
  it("fails on an unknown type, an unknown property and a property of another type", async () => {
    expect(
      await schemaOrgIssues({ "@context": "https://schema.org", "@type": "CarPark", name: "x" }),
    ).toEqual([expect.objectContaining({ severity: "ERROR", fieldNames: ["@type"] })]);
    expect(
      await schemaOrgIssues({ "@context": "https://schema.org", "@type": "ParkingFacility", spaces: 3 }),
    ).toEqual([expect.objectContaining({ fieldNames: ["spaces"] })]);
    // startDate is an Event's, not a place's; makesOffer is an organisation's, not a bare place's.
    const wrong = await schemaOrgIssues({
      "@context": "https://schema.org",
      "@type": "ParkingFacility",
      startDate: "2026-12-05",
      makesOffer: [{ "@type": "Offer", price: 1, priceCurrency: "NGN" }],
    });
    expect(wrong.map((i) => i.fieldNames)).toEqual(expect.arrayContaining([["startDate"], ["makesOffer"]]));
  });
});

describe("parkingFacilityJsonLd", () => {
  it("describes a Lagos park: address, place, hours, a priced offer per vehicle type and its rating", async () => {
    const data = parkingFacilityJsonLd(parkInput(lagosPark));
    expect(await schemaOrgIssues(data)).toEqual([]);
    expect(data).toMatchObject({
      "@type": ["ParkingFacility", "LocalBusiness"],
      name: "Ikeja City Mall Park",
      url: `${ORIGIN}/park/ikeja-city-mall-park?lang=en`,
      address: {
        "@type": "PostalAddress",
        streetAddress: "174/194 Obafemi Awolowo Way, Alausa",
        addressLocality: "Ikeja",
        addressRegion: "Lagos",
        addressCountry: "NG",
      },
      geo: { "@type": "GeoCoordinates", latitude: 6.6142, longitude: 3.3581 },
      image: [`${ORIGIN}/media/parks/ikeja-1.jpg`],
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.35, reviewCount: 12, bestRating: 5 },
      makesOffer: [
        {
          "@type": "Offer",
          name: "Car",
          price: 500,
          priceCurrency: "NGN",
          description: "Car: 500 NGN an hour",
          priceSpecification: { unitCode: "HUR", price: 500, priceCurrency: "NGN" },
        },
        { "@type": "Offer", name: "SUV", price: 700, priceCurrency: "NGN" },
      ],
    });
    const hours = (data as unknown as { openingHoursSpecification: object[] }).openingHoursSpecification;
    // Sunday is closed: six days, a close at 24:00 written as the day's end.
    expect(hours).toHaveLength(6);
    expect(hours[0]).toEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: "https://schema.org/Monday",
      opens: "07:00",
      closes: "22:00",
    });
    expect(hours[5]).toMatchObject({
      dayOfWeek: "https://schema.org/Saturday",
      opens: "09:00",
      closes: "23:59",
    });
  });

  it("gives a Montréal park without reviews no rating, and open all day every day", async () => {
    const data = parkingFacilityJsonLd(parkInput(montrealPark));
    expect(await schemaOrgIssues(data)).toEqual([]);
    expect(data).not.toHaveProperty("aggregateRating");
    expect(data).not.toHaveProperty("image");
    expect(data).toMatchObject({
      address: { addressLocality: "Montréal", addressRegion: "QC", addressCountry: "CA" },
      makesOffer: [{ price: 4.5, priceCurrency: "CAD" }],
      openingHoursSpecification: [
        { dayOfWeek: expect.arrayContaining(["https://schema.org/Sunday"]), opens: "00:00", closes: "23:59" },
      ],
    });
  });
});

describe("eventJsonLd", () => {
  it("puts an event at the Bell Centre on Montréal's clock, with its parking offers", async () => {
    const url = `${ORIGIN}/event/EVT-HAB-01?lang=fr`;
    const data = eventJsonLd({ event: bellCentreEvent, url, origin: ORIGIN });
    expect(await schemaOrgIssues(data)).toEqual([]);
    expect(data).toMatchObject({
      "@type": "Event",
      name: "Canadiens vs Maple Leafs",
      startDate: "2026-12-05T19:00:00-05:00",
      endDate: "2026-12-05T22:00:00-05:00",
      eventStatus: "https://schema.org/EventScheduled",
      image: `${ORIGIN}/media/events/habs.jpg`,
      location: {
        "@type": "Place",
        name: "Bell Centre",
        address: { "@type": "PostalAddress", addressLocality: "Montréal", addressCountry: "CA" },
      },
      offers: [
        {
          "@type": "Offer",
          price: 28.74,
          priceCurrency: "CAD",
          availability: "https://schema.org/SoldOut",
          url,
        },
      ],
    });
  });

  it("says a cancelled event is cancelled", () => {
    const data = eventJsonLd({
      event: { ...bellCentreEvent, status: "cancelled" },
      url: ORIGIN,
      origin: ORIGIN,
    });
    expect(data).toMatchObject({ eventStatus: "https://schema.org/EventCancelled" });
  });
});

describe("productJsonLd", () => {
  it("describes a marketplace item with its price as sold now", async () => {
    const url = `${ORIGIN}/marketplace/42?lang=en`;
    const data = productJsonLd({ item, url, origin: ORIGIN });
    expect(await schemaOrgIssues(data)).toEqual([]);
    expect(data).toMatchObject({
      "@type": "Product",
      name: "Windscreen sun shade",
      sku: "42",
      image: [`${ORIGIN}/media/market/shade.jpg`, `${ORIGIN}/media/market/shade-2.jpg`],
      offers: {
        "@type": "Offer",
        price: 12000,
        priceCurrency: "NGN",
        availability: "https://schema.org/InStock",
        priceValidUntil: "2026-12-31",
        url,
      },
    });
    expect(productJsonLd({ item: { ...item, stock: 0 }, url, origin: ORIGIN })).toMatchObject({
      offers: { availability: "https://schema.org/SoldOut" },
    });
  });
});

describe("blogPostingJsonLd", () => {
  it("describes a French post", async () => {
    const url = `${ORIGIN}/post/stationner-a-montreal?lang=fr`;
    const data = blogPostingJsonLd({ post: frenchPost, url, origin: ORIGIN, publisher: "Parkwell" });
    expect(await schemaOrgIssues(data)).toEqual([]);
    expect(data).toMatchObject({
      "@type": "BlogPosting",
      headline: "Stationner à Montréal l'hiver",
      description: "Nos conseils pour l'hiver.",
      datePublished: "2026-11-20T14:00:00.000Z",
      dateModified: "2026-11-20T14:00:00.000Z",
      author: { "@type": "Person", name: "Camille Tremblay" },
      image: `${ORIGIN}/media/blog/hiver.jpg`,
      inLanguage: "fr",
      mainEntityOfPage: { "@type": "WebPage", "@id": url },
    });
  });
});

describe("jsonLdText", () => {
  it("cannot close its script element, and reads back as the same data", () => {
    const park = { ...lagosPark, name: "</script><script>alert(1)</script> & <!-- Park" };
    const text = jsonLdText(parkingFacilityJsonLd(parkInput(park)));
    expect(text).not.toMatch(/<|>/);
    expect(text).toContain("\\u003c/script\\u003e");
    expect(JSON.parse(text)).toMatchObject({ name: park.name });
  });
});
