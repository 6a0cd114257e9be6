/**
 * The Tremor components we use, imported file by file. `@tremor/react`'s index re-exports every component, its
 * charts (recharts) and date pickers, and the package does not declare itself free of side effects, so importing
 * from the index would put about 240 KB (gzip) of script on every page; these files cost about 11 KB together.
 *
 * Only components that render their full markup on the server and need no script to work are here: cards, text,
 * metrics, badges and progress bars. Tremor's charts draw nothing on the server and its Tabs are buttons driven by
 * script state (Headless UI), so our charts stay server-drawn SVG and our tabs are links styled with Tremor's tab
 * classes (TabLinks.tsx).
 */
export { default as Card } from "@tremor/react/dist/components/layout-elements/Card/Card.js";
export { default as Metric } from "@tremor/react/dist/components/text-elements/Metric/Metric.js";
export { default as Text } from "@tremor/react/dist/components/text-elements/Text/Text.js";
