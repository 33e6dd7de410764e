// Presenters live in *.present.ts (docs/ARCHITECTURE.md#sizes): in the API, a function that turns
// rows into the contract's answer is named `present` or `present<Something>` and is defined only in
// a `.present.ts` file, where the layer rule keeps it pure (scripts/eslint-boundaries.js). A mapper
// named `to<Something>` whose written return type is one of the contract's types (`ParkSummary`,
// `ParkRate[]`) is a presenter too, whatever its name says. Tests and test kits aside.
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const rel = (file) => path.relative(ROOT, file).split(path.sep).join("/");

/** Whether `name` names a presenter: `present`, or `present` followed by a capital letter. */
export const isPresenterName = (name) => /^present([A-Z]|$)/.test(name);

/** Whether `name` names a mapper (`to` followed by a capital letter): a presenter when it answers the contract's type. */
export const isMapperName = (name) => /^to[A-Z]/.test(name);

/** Whether a presenter may be defined in `relPath` (repository-relative): outside the API, in tests, or in a .present.ts. */
function presenterPlace(relPath) {
  if (!relPath.startsWith("apps/api/src/")) return true;
  if (/\.test\.ts$|(^|[./])test-kit\.ts$/.test(relPath)) return true;
  return relPath.endsWith(".present.ts");
}

/**
 * Whether a function named `name` may be defined in `relPath` (repository-relative);
 * `answersContract`: its written return type is one of the contract's types.
 */
export function presenterAllowed(relPath, name, answersContract = false) {
  if (!isPresenterName(name) && !(answersContract && isMapperName(name))) return true;
  return presenterPlace(relPath);
}

/** The contract's type a written return type names (`X`, `X[]`, `readonly X[]`, `Array<X>`), or null. */
function namedType(annotation) {
  let type = annotation?.typeAnnotation;
  if (type?.type === "TSTypeOperator") type = type.typeAnnotation;
  if (type?.type === "TSArrayType") type = type.elementType;
  if (type?.type === "TSTypeReference" && type.typeName.type === "Identifier") {
    const args = type.typeArguments ?? type.typeParameters;
    if (["Array", "ReadonlyArray"].includes(type.typeName.name) && args?.params.length === 1)
      return namedType({ typeAnnotation: args.params[0] });
    return type.typeName.name;
  }
  return null;
}

const onlyInPresent = {
  meta: {
    type: "problem",
    schema: [],
    docs: {
      description:
        "API presenters (present*, and to* answering a contract type) are defined only in *.present.ts files",
    },
  },
  create(context) {
    const file = rel(context.filename);
    /** The names this file imports from the contract (types and values). */
    const contractNames = new Set();
    function report(node, name, fn) {
      const returned = namedType(fn.returnType);
      if (presenterAllowed(file, name, returned !== null && contractNames.has(returned))) return;
      context.report({
        node,
        message: `"${name}" is a presenter: define it in a .present.ts file (pure: rows in, the contract's answer out), and load what it needs in the service`,
      });
    }
    return {
      ImportDeclaration(node) {
        if (node.source.value !== "@parkwell/contract") return;
        for (const s of node.specifiers) if (s.type === "ImportSpecifier") contractNames.add(s.local.name);
      },
      FunctionDeclaration(node) {
        if (node.id) report(node.id, node.id.name, node);
      },
      VariableDeclarator(node) {
        const init = node.init;
        if (node.id.type !== "Identifier" || !init) return;
        if (init.type === "ArrowFunctionExpression" || init.type === "FunctionExpression")
          report(node.id, node.id.name, init);
      },
    };
  },
};

export const presenters = { rules: { "only-in-present": onlyInPresent } };
