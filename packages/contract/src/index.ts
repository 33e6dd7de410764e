export * from "./common";
export * from "./health";
export * from "./reference";
export * from "./cancellation";
export * from "./inquiries";
