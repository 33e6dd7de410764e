export * from "./common";
export * from "./health";
export * from "./reference";
export * from "./wallet";
