export * from "./common";
export * from "./health";
export * from "./reference";
