// Web forms (docs/ARCHITECTURE.md#web-forms): a form field is the form kit's one Field
// (apps/web/src/components/ui/form-field.tsx): label, hint, control and error tied together. In the
// web app outside components/ui, a text-like <input>, a <select> or a <textarea> is rendered inside
// a Field: a JSX ancestor named `Field` or ending in `Field` (`<Field>{(control) => <input …/>}</Field>`,
// `ZonedDateTimeField`). Checkboxes, radios (in a fieldset with its legend), hidden and file inputs
// are not fields of that kind, nor is a table's cell editor: a control in a <td> named by its own
// aria-label (the column's header and the row's say what it is). Where another control truly cannot
// be a Field, an eslint-disable comment says why.

/** Input types that are not a labelled text-like field: they keep their own markup. */
export const EXEMPT_INPUT_TYPES = new Set(["checkbox", "radio", "hidden", "file"]);

/** Whether a JSX element named `name` is a Field render: `Field` or `…Field`. */
export const isFieldName = (name) => /Field$/.test(name);

/** The JSX name of an opening element as text (`input`, `Field`, `ui.TextField` -> `TextField`). */
function elementName(opening) {
  let name = opening.name;
  while (name.type === "JSXMemberExpression") name = name.property;
  if (name.type === "JSXIdentifier") return name.name;
  if (name.type === "JSXNamespacedName") return name.name.name;
  return null;
}

/** The literal value of a JSX attribute (`type="x"` or `type={"x"}`), else undefined. */
function literalValue(attr) {
  const value = attr.value;
  if (!value) return undefined;
  if (value.type === "Literal") return value.value;
  if (value.type === "JSXExpressionContainer") {
    const e = value.expression;
    if (e.type === "Literal") return e.value;
    if (e.type === "TemplateLiteral" && e.expressions.length === 0) return e.quasis[0].value.cooked;
  }
  return undefined;
}

/** Whether an <input>'s `type` makes it exempt (a literal checkbox, radio, hidden or file). */
function exemptInput(opening) {
  const typeAttr = opening.attributes.find(
    (a) => a.type === "JSXAttribute" && a.name.type === "JSXIdentifier" && a.name.name === "type",
  );
  if (!typeAttr) return false;
  const type = literalValue(typeAttr);
  return typeof type === "string" && EXEMPT_INPUT_TYPES.has(type.toLowerCase());
}

/** Whether an opening element has an `aria-label` attribute. */
const hasAriaLabel = (opening) =>
  opening.attributes.some(
    (a) => a.type === "JSXAttribute" && a.name.type === "JSXIdentifier" && a.name.name === "aria-label",
  );

/** The names of a JSX element node's JSX ancestors, nearest first. */
function ancestorNames(node) {
  const names = [];
  for (let p = node.parent; p; p = p.parent)
    if (p.type === "JSXElement") names.push(elementName(p.openingElement));
  return names;
}

const inField = {
  meta: {
    type: "problem",
    schema: [],
    docs: { description: "a text-like input, select or textarea is rendered inside the form kit's Field" },
    messages: { field: "a form field is the form kit's Field (components/ui/form-field.tsx)" },
  },
  create(context) {
    return {
      JSXElement(node) {
        const name = elementName(node.openingElement);
        if (name !== "input" && name !== "select" && name !== "textarea") return;
        if (name === "input" && exemptInput(node.openingElement)) return;
        const ancestors = ancestorNames(node);
        if (ancestors.some((a) => a && isFieldName(a))) return;
        if (ancestors.includes("td") && hasAriaLabel(node.openingElement)) return;
        context.report({ node: node.openingElement, messageId: "field" });
      },
    };
  },
};

export const forms = { rules: { "in-field": inField } };
