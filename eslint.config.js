import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const restrictedImportPaths = [
  { name: "@conform-to/zod", message: "Import from @conform-to/zod/v4: the bare entry crashes with zod 4." },
];

export default tseslint.config(
  {
    ignores: ["build/", "data/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "drizzle/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-imports": ["error", { paths: restrictedImportPaths }],
    },
  },
  {
    // app/ is the product: demo data is loaded by server.ts and scripts, never imported by the app.
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: restrictedImportPaths,
          patterns: [
            { regex: "^(#demo/|(\\.\\./)+demo/)", message: "app/ must not import demo data (docs/decisions/0001)." },
          ],
        },
      ],
    },
  },
);
