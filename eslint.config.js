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
    languageOptions: {
      globals: { ...globals.node },
      // One TypeScript program for every linted file (tsconfig.eslint.json), where the project
      // service built one per tsconfig and parsed the API's sources in four of them: 21% less CPU
      // for the whole lint (decision 050). A new folder of TypeScript is added to its `include`.
      parserOptions: { project: "./tsconfig.eslint.json", tsconfigRootDir: import.meta.dirname },
    },
    plugins: { boundaries, presenters },
    rules: {
      // Bugs, not taste: unawaited promises and promises where a callback expects void.
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
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
    files: ["**/*.js", "**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
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
