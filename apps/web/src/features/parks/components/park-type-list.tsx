import type { ParkType } from "@parkwell/contract";
import { useState } from "react";
import { useSelectedCountry } from "../../../lib/country";
import { useParkSearch } from "../api";
import "../parks.css";
import { ParkResults } from "./park-results";

/**
 * Parks of one type in the selected country, paged. The parking-type pages (/airport-parking,
 * /city-parking, ...) mount it under their own text: `<ParkTypeList type="airport" />`.
 */
export function ParkTypeList({ type, size = 10 }: { type: ParkType; size?: number }) {
  const country = useSelectedCountry();
  const [page, setPage] = useState(1);
  const result = useParkSearch({ type, amenities: [], page, size }, country.code, undefined);
  return <ParkResults result={result} onPage={setPage} />;
}
