// Every table, one file per feature; drizzle-kit reads this folder to generate migrations.
export * from "./reference";
export * from "./auth";
export * from "./accounts";
export * from "./parks";
export * from "./wallet";
export * from "./inquiries";
export * from "./bookings";
export * from "./events";
export * from "./passes";
export * from "./marketplace";
export * from "./demo";
export * from "./jobs";
export * from "./admin";
export * from "./receipts";
export * from "./companies";
export * from "./vehicle-docs";
export * from "./reviews";
