// Lint: the floors of ARCHITECTURE.md ("imports only point down"), checked on every import in app/. A module may
// import from its own floor or a lower one; the README's map names the floors.
import boundaries from "eslint-plugin-boundaries";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** Each floor and the floors below it that it may import (its own included). */
const FLOORS = {
  routes: ["routes", "features", "components", "graphql", "analysis", "models", "sources", "domain", "engine", "db", "lib"],
  features: ["features", "graphql", "analysis", "models", "sources", "domain", "engine", "db", "lib"],
  // Components render what features compute: they may read features' types and pure helpers, never the reverse.
  components: ["components", "features", "domain", "engine", "db", "lib", "models"],
  graphql: ["graphql", "analysis", "models", "sources", "domain", "engine", "db", "lib"],
  // The runs that write (collection, analysis) drive sources and the engine and write through models.
  analysis: ["analysis", "models", "sources", "domain", "engine", "db", "lib"],
  models: ["models", "sources", "domain", "engine", "db", "lib"],
  sources: ["sources", "engine", "db", "lib"],
  domain: ["domain", "engine", "db", "lib"],
  engine: ["engine", "db", "lib"],
  db: ["db", "lib"],
  lib: ["lib"],
};

export default [
  { ignores: ["build/**", "public/build/**", "node_modules/**", ".cache/**", "tests/e2e/.artifacts/**"] },
  {
    files: ["app/**/*.{ts,tsx}"],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
    plugins: { boundaries, "import-x": importX, "react-hooks": reactHooks },
    settings: {
      "import/resolver": { typescript: { project: "./tsconfig.json" } },
      "import-x/extensions": [".ts", ".tsx"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
      // root.tsx and the entry modules sit above every floor (Remix wants them at app/); they may import anything.
      "boundaries/ignore": ["app/*.tsx", "app/*.css"],
      "boundaries/elements": [
        ...Object.keys(FLOORS).map((floor) => ({ type: floor, pattern: `app/${floor}` })),
      ],
    },
    rules: {
      "boundaries/dependencies": [
        2,
        {
          default: "disallow",
          policies: Object.entries(FLOORS).map(([floor, allowed]) => ({
            from: { element: { type: floor } },
            allow: { to: { element: { types: { anyOf: allowed } } } },
          })),
        },
      ],
      // No import circles, within a floor either (type-only imports included: a circle of types is still a knot).
      "import-x/no-cycle": 2,
      "react-hooks/rules-of-hooks": 2,
      "react-hooks/exhaustive-deps": 2,
      // Every file of app/ belongs to a floor, and every import of ours resolves to one.
      "boundaries/no-unknown-files": 2,
      "boundaries/no-unknown-dependencies": 2,
      // A key from outside indexes an object only through app/lib/own-key.ts (issue 12: `__proto__` as a key).
      "no-restricted-properties": [
        2,
        { object: "Object", property: "hasOwn", message: "Use isOwnKey/ownValue from ~/lib/own-key." },
        { object: "Object", property: "prototype", message: "Use isOwnKey/ownValue from ~/lib/own-key." },
      ],
    },
  },
  { files: ["app/lib/own-key.ts"], rules: { "no-restricted-properties": 0 } },
];
