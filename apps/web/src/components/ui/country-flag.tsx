import type { BuiltInCountryCode } from "@parkwell/contract";
// One SVG per built-in country, imported one by one so only these four reach the bundle; a
// country added later shows no flag image (its name says it) until its SVG is added here.
import caFlag from "flag-icons/flags/4x3/ca.svg";
import ngFlag from "flag-icons/flags/4x3/ng.svg";
import snFlag from "flag-icons/flags/4x3/sn.svg";
import usFlag from "flag-icons/flags/4x3/us.svg";

const FLAGS: Record<BuiltInCountryCode, string> = { CA: caFlag, NG: ngFlag, SN: snFlag, US: usFlag };

interface Props {
  code: string;
  /** Height in CSS pixels; the width follows the flag's 4:3 shape. */
  size?: number;
  className?: string;
}

/** A country's flag as an image (emoji flags show as two letters on Windows and some phones). */
/** Decoration beside the country's name, which says it (so no text of its own). */
export function CountryFlag({ code, size = 18, className }: Props) {
  const src = FLAGS[code as BuiltInCountryCode] as string | undefined;
  if (!src) return null;
  return (
    <img
      src={src}
      alt=""
      aria-hidden
      width={Math.round((size * 4) / 3)}
      height={size}
      className={className ? `flag ${className}` : "flag"}
      data-country-flag={code}
      draggable={false}
    />
  );
}
