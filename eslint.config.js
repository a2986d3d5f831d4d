import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

// The core is shared by three surfaces, so it may not depend on any of their frameworks.
const frameworkImports = [
  "express",
  "express-*",
  "react",
  "react-*",
  "react-dom",
  "@remix-run/*",
  "@shopify/shopify-app-*",
  "@shopify/polaris",
  "@shopify/app-bridge-react",
  "@wordpress/*",
  "vite",
];

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/build/**",
      "**/.data/**",
      "core/src/db/generated/**",
      "shopify-app/build/**",
      "shopify-app/.cache/**",
      "wp-plugin/vendor/**",
      "tools/prisma-diff/node_modules/**",
      "coverage/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // Configuration is parsed once, in core/src/env.ts; everything else receives it.
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through core/src/env.ts (loadConfig)." },
      ],
    },
  },
  {
    files: ["core/src/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: frameworkImports, message: "core must stay framework-free: move this to a surface." }] },
      ],
    },
  },
  {
    files: ["standalone-web/client/**/*.{ts,tsx}", "wp-plugin/src/**/*.{js,jsx,ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The App Bridge stand-in of the Shopify app's local preview runs in the browser; the server fills in its settings.
    files: ["shopify-app/preview/app-bridge-stub.js"],
    languageOptions: { globals: { ...globals.browser, __PREVIEW_CONFIG__: "readonly" } },
  },
  {
    // The WordPress plugin's screens: JSX in .js files (the @wordpress/scripts convention), Jest tests beside them.
    files: ["wp-plugin/src/**/*.js", "wp-plugin/*.cjs"],
    languageOptions: {
      parserOptions: { ecmaFeatures: { jsx: true } },
      globals: { ...globals.browser, ...globals.jest, ...globals.commonjs },
    },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // The environment module itself, and the test, benchmark and tooling harnesses that set up processes.
    files: [
      "core/src/env.ts",
      "core/src/testing/**",
      "**/*.test.{ts,tsx}",
      "tests/**",
      "shopify-app/test/**",
      "shopify-app/preview/**",
      "bench/**",
      "scripts/**",
      "tools/**",
      "**/vite.config.ts",
      "vitest.config.ts",
      "wp-plugin/jest.config.cjs",
    ],
    rules: { "no-restricted-properties": "off" },
  },
);
