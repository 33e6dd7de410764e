// Every table, one file per feature; drizzle-kit reads this folder to generate migrations.
export * from "./reference";
export * from "./inquiries";
