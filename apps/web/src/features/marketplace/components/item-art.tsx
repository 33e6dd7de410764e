/** A pictogram per kind (24-unit box), drawn inline: no image to fetch. */
const SHAPES = {
  // A box.
  product:
    "M12 2 3 6.5v11L12 22l9-4.5v-11Zm0 2.2 6.6 3.3L12 10.8 5.4 7.5ZM5 9.1l6 3v7.6l-6-3Zm14 0v7.6l-6 3v-7.6Z",
  // A spanner.
  service:
    "M21.7 6.3 18 10l-4-4 3.7-3.7A6 6 0 0 0 10 9.6L2.6 17a2 2 0 0 0 2.8 2.8L12.8 12.4a6 6 0 0 0 8.9-6.1Z",
} as const;

/** Colours by category: the same category always draws the same. */
const TONES = ["#0b6e4f", "#1f5f99", "#6a2c91", "#b3471d", "#4a5a53", "#8a6d00"];

function toneOf(slug: string): string {
  let h = 0;
  for (const c of slug) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return TONES[h % TONES.length]!;
}

/** The item's own image, else its category's colour and its kind's pictogram; decorative either way. */
export function ItemArt({
  imageUrl,
  kind,
  category,
  className = "",
}: {
  imageUrl: string | null;
  kind: keyof typeof SHAPES;
  category: string;
  className?: string;
}) {
  return imageUrl ? (
    <img className={`market-art market-art--image ${className}`} src={imageUrl} alt="" loading="lazy" />
  ) : (
    <div className={`market-art ${className}`} aria-hidden="true" style={{ background: toneOf(category) }}>
      <svg viewBox="0 0 24 24" focusable="false">
        <path d={SHAPES[kind]} fillRule="evenodd" />
      </svg>
    </div>
  );
}
