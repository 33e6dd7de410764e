import type { Db } from "./client";

/** A database handle or an open transaction: services that must join the caller's transaction take this. */
export type Tx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];
