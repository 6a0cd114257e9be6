import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(import.meta.dirname, "app") };
// graphql-query-complexity's ES build imports graphql's CommonJS entry outside Vite, the app the ES one: two
// copies whose types fail each other's instanceof checks. Inlined, it shares the app's.
const server = { deps: { inline: ["graphql-query-complexity"] } };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "tests/unit/**/*.test.ts"],
          environment: "node",
          server,
          // A few tests generate a whole demo fleet; on a loaded 2-core machine that can pass 5 s. Time is never
          // what a unit test asserts (benchmarks in bench/ do), so the limit only catches a test that hangs.
          testTimeout: 30_000,
          setupFiles: ["tests/setup/no-console-error.ts", "tests/setup/fast-check.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          server,
          setupFiles: ["tests/setup/no-console-error.ts", "tests/setup/fast-check.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
