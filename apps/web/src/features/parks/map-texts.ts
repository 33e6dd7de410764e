import type { TFunction } from "i18next";
import type { PinMapTexts } from "../../components/map/pin-map";

/** The car-park maps' texts (the parks catalogue), for the shared pin map. */
export function parkMapTexts(t: TFunction): PinMapTexts {
  return {
    map: t("parks:mapLabel"),
    open: t("parks:pinOpen"),
    openLabel: (name) => t("parks:pinOpenLabel", { name }),
    close: t("parks:pinClose"),
  };
}
