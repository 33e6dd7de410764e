import { describe, expect, it } from "vitest";
import { build, join, q, raw } from "./sql-text";

describe("sql-text", () => {
  it("numbers values in order through nested fragments, joins and raw text", () => {
    const words = ["a%", "o'b"].map((w) => q`s LIKE ${w}`);
    const built = build(
      q`SELECT ${raw("p")}.id FROM parks ${raw("p")} WHERE ${join(words, q` OR `)} AND id > ${7} LIMIT ${10}`,
    );
    expect(built).toEqual({
      sql: "SELECT p.id FROM parks p WHERE s LIKE $1 OR s LIKE $2 AND id > $3 LIMIT $4",
      params: ["a%", "o'b", 7, 10],
    });
  });

  it("keeps every value a parameter, arrays and nulls included", () => {
    expect(build(q`x = ANY(${[1, 2]}) AND y IS NOT DISTINCT FROM ${null}`)).toEqual({
      sql: "x = ANY($1) AND y IS NOT DISTINCT FROM $2",
      params: [[1, 2], null],
    });
  });

  it("builds an empty join and a fragment without values", () => {
    expect(build(join([], q`, `))).toEqual({ sql: "", params: [] });
    expect(build(q`SELECT 1`)).toEqual({ sql: "SELECT 1", params: [] });
  });
});
