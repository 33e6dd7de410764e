/**
 * schema.org structured data (JSON-LD) of the public pages, built from the API's answers: pure
 * functions, the same in the browser and in a server render. Each page passes what it shows (its
 * address, its texts in the language shown); nothing here reads the clock or the DOM. Checked
 * against the schema.org vocabulary by structured-data.test.ts.
 */
import {
  isoOnClock,
  type BlogPost,
  type EventDetail,
  type MarketItemDetail,
  type ParkDetail,
  type ParkRate,
} from "@parkwell/contract";
import type {
  BlogPosting,
  DayOfWeek,
  Event,
  EventStatusType,
  ItemAvailability,
  Offer,
  OpeningHoursSpecification,
  ParkingFacility,
  Product,
  WithContext,
} from "schema-dts";

const CONTEXT = "https://schema.org";
const DAYS: DayOfWeek[] = [
  "https://schema.org/Monday",
  "https://schema.org/Tuesday",
  "https://schema.org/Wednesday",
  "https://schema.org/Thursday",
  "https://schema.org/Friday",
  "https://schema.org/Saturday",
  "https://schema.org/Sunday",
];
const IN_STOCK: ItemAvailability = "https://schema.org/InStock";
const SOLD_OUT: ItemAvailability = "https://schema.org/SoldOut";

/** An absolute address of a picture or page, read on the public origin when it is a path. */
function absolute(url: string, origin: string): string {
  return new URL(url, origin).href;
}

/**
 * The week's opening hours, Monday first ("HH:MM" on the park's clock; a closed day is left out).
 * Open all day every day is one specification from 00:00 to 23:59 over the seven days.
 */
export function openingHoursSpecification(
  park: Pick<ParkDetail, "open_24h" | "opening_hours">,
): OpeningHoursSpecification[] {
  if (park.open_24h || !park.opening_hours)
    return [{ "@type": "OpeningHoursSpecification", dayOfWeek: DAYS, opens: "00:00", closes: "23:59" }];
  return park.opening_hours.flatMap((hours, i) =>
    hours
      ? [
          {
            "@type": "OpeningHoursSpecification" as const,
            dayOfWeek: DAYS[i]!,
            opens: hours.open,
            // schema.org closes a day at 23:59; a close at 24:00 is the end of that day.
            closes: hours.close === "24:00" ? "23:59" : hours.close,
          },
        ]
      : [],
  );
}

export interface ParkingFacilityInput {
  park: ParkDetail;
  /** The park page's canonical address. */
  url: string;
  origin: string;
  /** A rate as the page words it ("Car: ₦500 an hour, ₦4,000 a day at most"), in the language shown. */
  describeRate: (rate: ParkRate) => string;
  /** The vehicle type's name in the language shown. */
  vehicleName: (rate: ParkRate) => string;
}

/**
 * A park: a ParkingFacility that is also a LocalBusiness (schema.org offers prices only through
 * an organisation's `makesOffer`), one Offer per vehicle type with its hourly price, and the
 * drivers' rating only when it has reviews.
 */
export function parkingFacilityJsonLd({
  park,
  url,
  origin,
  describeRate,
  vehicleName,
}: ParkingFacilityInput): WithContext<ParkingFacility> {
  const offers: Offer[] = park.rates.map((rate) => ({
    "@type": "Offer",
    name: vehicleName(rate),
    description: describeRate(rate),
    price: rate.hourly,
    priceCurrency: rate.currency,
    priceSpecification: {
      "@type": "UnitPriceSpecification",
      price: rate.hourly,
      priceCurrency: rate.currency,
      // UN/CEFACT's code for an hour.
      unitCode: "HUR",
    },
    url,
  }));
  const data = {
    "@context": CONTEXT,
    "@type": ["ParkingFacility", "LocalBusiness"],
    "@id": url,
    name: park.name,
    description: park.description,
    url,
    address: {
      "@type": "PostalAddress",
      streetAddress: park.address,
      addressLocality: park.city,
      ...(park.state ? { addressRegion: park.state } : {}),
      addressCountry: park.country_code,
    },
    geo: { "@type": "GeoCoordinates", latitude: park.lat, longitude: park.lng },
    openingHoursSpecification: openingHoursSpecification(park),
    ...(park.photos.length > 0 ? { image: park.photos.map((p) => absolute(p.url, origin)) } : {}),
    ...(park.rates.length > 0 ? { currenciesAccepted: park.rates[0]!.currency, makesOffer: offers } : {}),
    ...(park.rating.count > 0 && park.rating.average !== null
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: park.rating.average,
            reviewCount: park.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
  // schema-dts types one @type at a time; the pair is a ParkingFacility with a LocalBusiness's properties.
  return data as unknown as WithContext<ParkingFacility>;
}

/** A public event is published (it takes place) or cancelled; a draft is never shown. */
const EVENT_STATUS: Record<EventDetail["status"], EventStatusType> = {
  draft: "https://schema.org/EventScheduled",
  published: "https://schema.org/EventScheduled",
  cancelled: "https://schema.org/EventCancelled",
};

export interface EventInput {
  event: EventDetail;
  /** The event page's canonical address (where its parking is booked). */
  url: string;
  origin: string;
}

/**
 * An event: its times on the venue's clock with that clock's offset, the venue as a Place, and an
 * Offer for each parking price the page sells (in stock while spaces are left).
 */
export function eventJsonLd({ event, url, origin }: EventInput): WithContext<Event> {
  const status = EVENT_STATUS[event.status];
  const offers: Offer[] = event.parks.flatMap((p) =>
    p.prices.map((price) => ({
      "@type": "Offer" as const,
      name: `${p.park.name} · ${price.vehicle_type}`,
      price: price.price.amount,
      priceCurrency: price.price.currency,
      availability: price.available > 0 ? IN_STOCK : SOLD_OUT,
      url,
    })),
  );
  return {
    "@context": CONTEXT,
    "@type": "Event",
    "@id": url,
    name: event.name,
    description: event.description,
    url,
    startDate: isoOnClock(new Date(event.start_time), event.time_zone),
    endDate: isoOnClock(new Date(event.end_time), event.time_zone),
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    eventStatus: status,
    location: {
      "@type": "Place",
      name: event.venue.name,
      address: {
        "@type": "PostalAddress",
        streetAddress: event.venue.address,
        addressLocality: event.venue.city,
        addressCountry: event.venue.country_code,
      },
      geo: { "@type": "GeoCoordinates", latitude: event.venue.lat, longitude: event.venue.lng },
    },
    ...(event.image_url ? { image: absolute(event.image_url, origin) } : {}),
    ...(offers.length > 0 ? { offers } : {}),
  };
}

export interface ProductInput {
  item: MarketItemDetail;
  url: string;
  origin: string;
}

/**
 * A marketplace item: a Product with its price as sold now (the live offer applied) and whether
 * it can be had (a product while units are left; a service always).
 */
export function productJsonLd({ item, url, origin }: ProductInput): WithContext<Product> {
  const images = [...(item.image_url ? [item.image_url] : []), ...item.images].map((u) =>
    absolute(u, origin),
  );
  const available = item.stock === null || item.stock > 0;
  return {
    "@context": CONTEXT,
    "@type": "Product",
    "@id": url,
    name: item.name,
    description: item.description,
    sku: String(item.id),
    productID: String(item.id),
    category: item.category.name,
    url,
    ...(images.length > 0 ? { image: [...new Set(images)] } : {}),
    offers: {
      "@type": "Offer",
      price: item.offer_price.amount,
      priceCurrency: item.offer_price.currency,
      availability: available ? IN_STOCK : SOLD_OUT,
      url,
      ...(item.offer ? { priceValidUntil: item.offer.ends_at.slice(0, 10) } : {}),
    },
  };
}

export interface BlogPostingInput {
  post: BlogPost;
  url: string;
  origin: string;
  /** The site's name, the post's publisher. */
  publisher: string;
}

/** A blog post: headline, summary, dates, author, cover and language, the page being its main entity. */
export function blogPostingJsonLd({
  post,
  url,
  origin,
  publisher,
}: BlogPostingInput): WithContext<BlogPosting> {
  return {
    "@context": CONTEXT,
    "@type": "BlogPosting",
    "@id": url,
    headline: post.share.title,
    description: post.share.description,
    datePublished: post.published_at,
    // A post keeps no date of change: it was last changed when published.
    dateModified: post.published_at,
    author: { "@type": "Person", name: post.author },
    publisher: { "@type": "Organization", name: publisher, url: origin },
    inLanguage: post.language,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    ...(post.cover ? { image: absolute(post.cover.url, origin) } : {}),
    ...(post.tags.length > 0 ? { keywords: post.tags.join(", ") } : {}),
    ...(post.category ? { articleSection: post.category.name } : {}),
  };
}
