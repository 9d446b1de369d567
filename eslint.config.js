import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/*
 * Internal paths are built with React Router's typed href() so that renaming a
 * route breaks the build (docs/decisions/0019-typed-links.md): a string or
 * template literal starting with "/" where a link, form, redirect or
 * navigation takes its target is refused in app/.
 */
const STARTS_WITH_SLASH = "/^\\x2F/"; // esquery regexes cannot contain "/" itself
const hardcodedPath = (context, position = "") => [
  `${context} > Literal${position}[value=${STARTS_WITH_SLASH}]`,
  `${context} > TemplateLiteral${position}[quasis.0.value.raw=${STARTS_WITH_SLASH}]`,
];
const LINK_TARGET = "JSXAttribute[name.name=/^(to|action)$/]";
const ANCHOR_TARGET = 'JSXOpeningElement[name.name="a"] > JSXAttribute[name.name="href"]';
const REDIRECT_CALL = "CallExpression[callee.name=/^(redirect|redirectDocument|replace|redirectWithToast|navigate)$/]";
const hardcodedPathSelectors = [
  ...hardcodedPath(LINK_TARGET),
  ...hardcodedPath(`${LINK_TARGET} > JSXExpressionContainer`),
  ...hardcodedPath(ANCHOR_TARGET),
  ...hardcodedPath(`${ANCHOR_TARGET} > JSXExpressionContainer`),
  ...hardcodedPath("Property[key.name=/^(to|action)$/]"),
  ...hardcodedPath(REDIRECT_CALL, ":first-child"),
];
const noHardcodedPaths = hardcodedPathSelectors.map((selector) => ({
  selector,
  message: 'Build internal paths with href() from "react-router" (docs/decisions/0019-typed-links.md).',
}));

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
      "no-restricted-syntax": ["error", ...noHardcodedPaths],
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
