import type { PageKey } from "@parkwell/contract";
import type { InfoPageId } from "./pages";

/** The information pages whose words the company edits in the back office (decision 035). */
export const EDITED_INFO_PAGES: Partial<Record<InfoPageId, PageKey>> = {
  about: "about",
  terms: "terms",
  privacy: "privacy",
  spaceGuarantee: "guarantee",
};
