/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  // @tremor/react is imported file by file (its index pulls in every component and the charts); those files are
  // ES modules in a package without "type": "module", so Node cannot load them unbundled.
  serverDependenciesToBundle: [/^d3-/, "internmap", /^@tremor\/react\//],
  tailwind: true,
  postcss: true,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: false,
  },
};
