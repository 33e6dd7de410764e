import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import { forms, isFieldName } from "./eslint-forms.js";

const linter = new Linter({ configType: "flat" });
const config = [
  {
    files: ["**/*.jsx"],
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    plugins: { forms },
    rules: { "forms/in-field": "error" },
  },
] as Linter.Config[];
/** The rule's messages for one snippet of JSX. */
const lint = (jsx: string) =>
  linter.verify(`const x = (${jsx});`, config, "page.jsx").map((m) => `${m.ruleId}: ${m.message}`);
const REPORT = "forms/in-field: a form field is the form kit's Field (components/ui/form-field.tsx)";

describe("a form field is the form kit's Field", () => {
  it("names Field renders: Field and …Field", () => {
    expect(isFieldName("Field")).toBe(true);
    expect(isFieldName("ZonedDateTimeField")).toBe(true);
    expect(isFieldName("Fieldset")).toBe(false);
    expect(isFieldName("fieldset")).toBe(false);
  });

  it("reports a text-like input, a select or a textarea outside a Field", () => {
    expect(lint(`<label>Name <input value={v} /></label>`)).toEqual([REPORT]);
    expect(lint(`<input type="email" />`)).toEqual([REPORT]);
    expect(lint(`<input type={kind} />`)).toEqual([REPORT]);
    expect(lint(`<div><select><option>a</option></select><textarea /></div>`)).toEqual([REPORT, REPORT]);
    expect(lint(`<fieldset><legend>a</legend><input type="number" /></fieldset>`)).toEqual([REPORT]);
    expect(lint(`<td><input value={v} /></td>`)).toEqual([REPORT]);
    expect(lint(`<div><input aria-label="Price" /></div>`)).toEqual([REPORT]);
  });

  it("allows controls inside a Field render, and checkboxes, radios, hidden and file inputs", () => {
    expect(lint(`<Field label="a">{(control) => <input {...control} />}</Field>`)).toEqual([]);
    expect(lint(`<ui.Field label="a">{(c) => <div><select {...c} /></div>}</ui.Field>`)).toEqual([]);
    expect(lint(`<ZonedDateTimeField label="a">{(c) => <textarea {...c} />}</ZonedDateTimeField>`)).toEqual(
      [],
    );
    expect(lint(`<input type="checkbox" />`)).toEqual([]);
    expect(lint(`<input type={"radio"} name="r" />`)).toEqual([]);
    expect(lint(`<input type="hidden" value="1" />`)).toEqual([]);
    expect(lint(`<input type="file" accept="image/*" />`)).toEqual([]);
    expect(lint(`<TextField label="a" />`)).toEqual([]);
  });

  it("allows a table's cell editor: a control in a td named by its aria-label", () => {
    expect(lint(`<tr><td><input aria-label="Row 1: price" {...r} /></td></tr>`)).toEqual([]);
    expect(lint(`<td>{ok ? <select aria-label={label}><option /></select> : null}</td>`)).toEqual([]);
  });
});
