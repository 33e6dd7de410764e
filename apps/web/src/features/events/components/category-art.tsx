import type { EventCategory } from "@parkwell/contract";

/** One simple pictogram per category (24-unit box), drawn inline: no image to fetch. */
const SHAPES: Record<EventCategory, string> = {
  // A ball.
  sport:
    "M12 2a10 10 0 1 0 0 20a10 10 0 0 0 0-20Zm0 4l3.8 2.8-1.5 4.5H9.7L8.2 8.8Zm-8 6.2 2.3-.7 1.6 4.8-1.4 2A8 8 0 0 1 4 12.2Zm16 0a8 8 0 0 1-2.5 6.1l-1.4-2 1.6-4.8Z",
  // Two notes.
  concert: "M9 18.5a3 3 0 1 1-2-2.83V5l12-2v12.5a3 3 0 1 1-2-2.83V7.3L9 8.7Z",
  // A microphone on its stand.
  conference:
    "M12 2a3 3 0 0 1 3 3v6a3 3 0 0 1-6 0V5a3 3 0 0 1 3-3ZM5 11h2a5 5 0 0 0 10 0h2a7 7 0 0 1-6 6.93V20h3v2H8v-2h3v-2.07A7 7 0 0 1 5 11Z",
  // A tent with its door open.
  festival: "M12 3 22 21H2Zm0 7.5L7.8 19h8.4Z",
  // A star.
  other: "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.5L12 17.3l-5.9 3.2 1.3-6.5-4.9-4.6 6.6-.8Z",
};

/** The card's picture when an event has no image: the category's colour and pictogram. */
function CategoryArt({ category }: { category: EventCategory }) {
  return (
    <div className={`event-art event-art--${category}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" focusable="false">
        <path d={SHAPES[category]} fillRule="evenodd" />
      </svg>
    </div>
  );
}

/** The event's own image, else its category's picture; decorative either way (the name is beside it). */
export function EventArt({ category, imageUrl }: { category: EventCategory; imageUrl: string | null }) {
  return imageUrl ? (
    <img className="event-art event-art--image" src={imageUrl} alt="" loading="lazy" />
  ) : (
    <CategoryArt category={category} />
  );
}
