import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { boundaries } from "./scripts/eslint-boundaries.js";
import { forms } from "./scripts/eslint-forms.js";
import { presenters } from "./scripts/eslint-presenters.js";

/** The longest a web function (a component) may be, blank lines and comments aside. */
const MAX_COMPONENT_LINES = 300;

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/dist-server/**",
      "**/node_modules/**",
      "data/**",
      "coverage/**",
      "apps/api/drizzle/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // No type information here: the rules that need it (unawaited promises, and promises where a
    // callback expects void) run in oxlint on the native TypeScript compiler (.oxlintrc.json,
    // `npm run lint` runs both; decision 055).
    languageOptions: { globals: { ...globals.node } },
    plugins: { boundaries, presenters },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      eqeqeq: ["error", "smart"],
      "no-console": "off",
      "boundaries/layers": "error",
      "presenters/only-in-present": "error",
      // Sizes (docs/ARCHITECTURE.md#sizes): a file a reader can hold in mind, split along its seams.
      "max-lines": ["error", { max: 600, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // Generated, never read or edited by hand: the OpenAPI types (npm run openapi:types).
    files: ["apps/web/src/lib/api-schema.d.ts"],
    rules: { "max-lines": "off" },
  },
  {
    files: ["apps/web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // A component a reader takes in at once: a longer one splits into its sections, rows or
    // dialogs (docs/ARCHITECTURE.md#sizes). Tests' describe blocks are not components.
    files: ["apps/web/src/**/*.tsx"],
    ignores: ["**/*.test.tsx"],
    rules: {
      "max-lines-per-function": [
        "error",
        { max: MAX_COMPONENT_LINES, skipBlankLines: true, skipComments: true },
      ],
    },
  },
  {
    // Web forms (docs/ARCHITECTURE.md#web-forms): a text-like input, a select or a textarea is
    // rendered inside the form kit's Field; components/ui is the kit itself.
    files: ["apps/web/src/**/*.tsx"],
    ignores: ["**/*.test.tsx", "apps/web/src/components/ui/**"],
    plugins: { forms },
    rules: { "forms/in-field": "error" },
  },
);
