import type { PageData } from "../../lib/query-client";
import { parkFiguresQuery } from "./home-page";

/**
 * The home's figures for a server render. They may fail: the section is then left out, on the
 * server as in the browser (an answer that failed is not carried into the page), so the home is
 * rendered without it rather than not at all.
 */
export const homeFiguresData: PageData = async ({ queryClient }) =>
  await queryClient.prefetchQuery(parkFiguresQuery());
