/**
 * The Tremor components we use, imported file by file. `@tremor/react`'s index re-exports every component, its
 * charts (recharts) and date pickers, and the package does not declare itself free of side effects, so importing
 * from the index would put about 240 KB (gzip) of script on every page; these files cost about 8 KB together
 * (tailwind-merge most of it).
 *
 * Only components that render their full markup on the server and need no script to work are here: cards, text and
 * metrics. Tremor's Badge and ProgressBar always set up a hover tooltip (@floating-ui, ~4.5 KB more on every page
 * with a badge) that we never show, so they are drawn with Tremor's markup and classes (Badge.tsx, ProgressBar.tsx);
 * its charts draw nothing on the server and its Tabs are script-driven buttons, so our charts stay server-drawn
 * SVG and our tabs are links styled with Tremor's tab classes (TabLinks.tsx). Measured in docs/decisions/011.
 */
export { default as Card } from "@tremor/react/dist/components/layout-elements/Card/Card.js";
export { default as Metric } from "@tremor/react/dist/components/text-elements/Metric/Metric.js";
export { default as Text } from "@tremor/react/dist/components/text-elements/Text/Text.js";
