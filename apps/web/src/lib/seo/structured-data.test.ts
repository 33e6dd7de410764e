import type { ParkDetail, ParkRate } from "@parkwell/contract";
import { describe, expect, it } from "vitest";
import { jsonLdText } from "./json-ld";
import { blogPostingJsonLd, eventJsonLd, parkingFacilityJsonLd, productJsonLd } from "./structured-data";
import {
  bellCentreEvent,
  frenchPost,
  lagosPark,
  marketItem as item,
  montrealPark,
  ORIGIN,
} from "./testing/fixtures";
import { schemaOrgIssues } from "./testing/schema-org";

const parkInput = (park: ParkDetail) => ({
  park,
  url: `${ORIGIN}/park/${park.slug}?lang=en`,
  origin: ORIGIN,
  vehicleName: (r: ParkRate) => r.vehicle_type,
  describeRate: (r: ParkRate) => `${r.vehicle_type}: ${r.hourly} ${r.currency} an hour`,
});

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
    const url = `${ORIGIN}/event/EV-HABSX?lang=fr`;
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
