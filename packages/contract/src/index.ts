export * from "./common";
export * from "./health";
export * from "./reference";
export * from "./accounts";
export * from "./vehicles";
export * from "./parks";
export * from "./wallet";
