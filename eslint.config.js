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
/*
 * The same in constants and helpers (docs/decisions/0057-rules-as-checks.md):
 * a path kept in a constant, returned by a helper, set as an object's value
 * or handed to a URL-building function (pageUrl, apiPath, ...) is a link
 * target too. A route pattern (with ":param" or "*") is not a path and passes.
 */
const PATH_NOT_PATTERN = "/^\\x2F[^:*]*$/";
const hardcodedValue = (context) => [
  `${context} > Literal[value=${PATH_NOT_PATTERN}]`,
  `${context} > TemplateLiteral[quasis.0.value.raw=${PATH_NOT_PATTERN}]`,
];
const VALUE_CONTEXTS = [
  "VariableDeclarator",
  "ReturnStatement",
  "ArrowFunctionExpression",
  // An object's link-like value (not a cookie's `path: "/"` nor an analytics route pattern).
  "Property[key.name=/^(href|url|page|pages|self|next|previous|feed|link|canonicalUrl)$|(Url|Href|Path)$/]",
  "CallExpression[callee.name=/(Url|Path|url|path)$/]",
];
const helperPathSelectors = VALUE_CONTEXTS.flatMap((context) => [
  ...hardcodedValue(context),
  ...hardcodedValue(
    `${context} > :matches(ArrayExpression, ConditionalExpression, LogicalExpression, TSAsExpression, TSSatisfiesExpression)`,
  ),
  ...hardcodedValue(`${context} > :matches(TSAsExpression, TSSatisfiesExpression) > ArrayExpression`),
]);
const noHardcodedPaths = [...hardcodedPathSelectors, ...helperPathSelectors].map((selector) => ({
  selector,
  message: 'Build internal paths with href() from "react-router" (docs/decisions/0019-typed-links.md).',
}));

const restrictedImportPaths = [
  { name: "@conform-to/zod", message: "Import from @conform-to/zod/v4: the bare entry crashes with zod 4." },
];

/*
 * Route modules and components never touch the database (docs/decisions/0057-rules-as-checks.md):
 * SQL lives in app/lib/<domain>/. A type-only import (a row's type) is erased
 * at build and cannot query, so it is allowed.
 */
const databaseImportPatterns = [
  {
    regex: "^(~/lib/db/|(\\.\\./)+lib/db/|drizzle-orm($|/)|pg$|pg-boss$|@electric-sql/pglite)",
    allowTypeImports: true,
    message:
      "Route modules and components do not query the database: call a function of app/lib/<domain>/ (docs/decisions/0057-rules-as-checks.md).",
  },
];

/*
 * A route module takes its types from its generated ./+types/<route> module
 * (Route.LoaderArgs, Route.ActionArgs, Route.MetaFunction, Route.ComponentProps):
 * the old untyped ones from react-router do not know its params or its loader.
 */
const OLD_ROUTE_TYPES = [
  "LoaderFunctionArgs",
  "ActionFunctionArgs",
  "ClientLoaderFunctionArgs",
  "ClientActionFunctionArgs",
  "LoaderFunction",
  "ActionFunction",
  "MetaFunction",
  "LinksFunction",
  "HeadersFunction",
];

const DEMO_IMPORT = {
  regex: "^(#demo/|(\\.\\./)+demo/)",
  message: "app/ must not import demo data (docs/decisions/0001).",
};

/** The import rule for a part of app/ (the typed version, so that type-only imports of the database may stay). */
function appImports({ database = false, routeTypes = false }) {
  const paths = [...restrictedImportPaths];
  if (routeTypes)
    paths.push({
      name: "react-router",
      importNames: OLD_ROUTE_TYPES,
      message:
        'Use the route\'s generated types: import type { Route } from "./+types/<route>" (docs/decisions/0057-rules-as-checks.md).',
    });
  return ["error", { paths, patterns: database ? [DEMO_IMPORT, ...databaseImportPatterns] : [DEMO_IMPORT] }];
}

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
      // `import { type A }` keeps `import "mod"` under verbatimModuleSyntax: the module's code
      // (zod schemas) would reach the browser for a type (docs/decisions/0073-first-load-budgets.md).
      "@typescript-eslint/no-import-type-side-effects": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-imports": ["error", { paths: restrictedImportPaths }],
    },
  },
  {
    // app/ is the product: demo data is loaded by server.ts and scripts, never imported by the app.
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": ["error", ...noHardcodedPaths],
      "no-restricted-imports": ["error", { paths: restrictedImportPaths, patterns: [DEMO_IMPORT] }],
    },
  },
  {
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": "off",
      "@typescript-eslint/no-restricted-imports": appImports({ database: true }),
    },
  },
  {
    files: ["app/routes/**/*.{ts,tsx}", "app/root.tsx"],
    rules: {
      "no-restricted-imports": "off",
      "@typescript-eslint/no-restricted-imports": appImports({ database: true, routeTypes: true }),
    },
  },
);
