import type { Config } from "tailwindcss";
import colors from "tailwindcss/colors";

/**
 * Tremor's setup (its Tailwind 3 installation guide): its design tokens (`tremor-*` for the light theme,
 * `dark-tremor-*` for the dark one) and a safelist for colour classes built at run time. The
 * tokens are our palette, not Tremor's blue/gray: slate greys and the sky accent we had, so a Tremor card, metric or
 * tab looks like the hand-written ones beside it.
 */
/** Slate 500 by theme (see `colors.slate` below and app/tailwind.css). */
const SLATE_500 = "rgb(var(--slate-500) / <alpha-value>)";

const tremor = {
  tremor: {
    brand: { faint: colors.sky[50], muted: colors.sky[200], subtle: colors.sky[400], DEFAULT: colors.sky[500], emphasis: colors.sky[700], inverted: colors.white },
    background: { muted: colors.slate[50], subtle: colors.slate[100], DEFAULT: colors.white, emphasis: colors.slate[700] },
    border: { DEFAULT: colors.slate[200] },
    ring: { DEFAULT: colors.slate[200] },
    // DEFAULT is the muted text (slate-500 by theme: 5.2:1 on white, 4.7:1 on slate-100), strong the body text.
    content: { subtle: colors.slate[400], DEFAULT: SLATE_500, emphasis: colors.slate[700], strong: colors.slate[900], inverted: colors.white },
  },
  "dark-tremor": {
    brand: { faint: colors.sky[950], muted: colors.sky[950], subtle: colors.sky[800], DEFAULT: colors.sky[500], emphasis: colors.sky[300], inverted: colors.slate[950] },
    background: { muted: colors.slate[950], subtle: colors.slate[800], DEFAULT: colors.slate[900], emphasis: colors.slate[300] },
    border: { DEFAULT: colors.slate[700] },
    ring: { DEFAULT: colors.slate[700] },
    // Tremor's gray-500 muted text is 3.7:1 on our dark cards; slate-400 is 6.9:1 (UX.md asks AA in both themes).
    content: { subtle: SLATE_500, DEFAULT: colors.slate[400], emphasis: colors.slate[200], strong: colors.slate[100], inverted: colors.slate[950] },
  },
};

/**
 * Tremor's guide safelists every bg/text/border/ring/stroke/fill class of 22 hues in 11 shades, because its
 * components build colour classes at run time (`bg-${color}-500`). We ship Tremor's markup, not its script
 * (app/components/ui/tremor.tsx says why), and our badges, bars and dots build exactly the shade-500 classes
 * below; safelisting only those keeps the stylesheet at its old size instead of adding ~100 KB (9 KB gzip) of
 * render-blocking rules. Add a hue here before passing it as a Tremor `color`.
 */
const HUES = "slate|red|orange|amber|yellow|lime|emerald|sky|violet|rose";

export default {
  darkMode: "class",
  // Tremor's guide also lists "./node_modules/@tremor/**/*.{js,ts,jsx,tsx}" here. We render Tremor's markup from
  // our own files (their classes are in app/), not its components, and scanning its files would add the rules of
  // every Tremor component (4.4 KB gzip of render-blocking CSS). Add it back with the first Tremor import.
  // Tremor's classes live in its component files: only the ones we render (ui/tremor.ts).
  content: [
    "./app/**/*.{ts,tsx}",
    "./node_modules/@tremor/react/dist/components/layout-elements/Card/Card.js",
    "./node_modules/@tremor/react/dist/components/text-elements/Metric/Metric.js",
    "./node_modules/@tremor/react/dist/components/text-elements/Text/Text.js",
  ],
  theme: {
    transparent: "transparent",
    current: "currentColor",
    extend: {
      colors: {
        // Slate 500, the muted text of the screens (and Tremor's content colour), is the one shade that must differ
        // per theme to read at AA (4.5:1): Tailwind's #64748b is 4.34:1 on slate-100 (Tremor's tab bar), 3.75:1 on
        // the dark theme's slate-900 and 3.07:1 on slate-800. Light: #5e6e85 (5.19:1 on white, 4.96:1 on slate-50,
        // 4.74:1 on slate-100); dark: #8594a9 (5.79:1 on slate-900, 4.74:1 on slate-800, 6.54:1 on slate-950). The
        // variables are set in app/tailwind.css (decision 018).
        slate: { ...colors.slate, 500: SLATE_500 },
        // One meaning per hue (UX.md): risk, waste, right, unknown.
        risk: { DEFAULT: "#ef4444", soft: "#fecaca" },
        waste: { DEFAULT: "#eab308", soft: "#fef3ad" },
        fit: { DEFAULT: "#22c55e", soft: "#bbf7d0" },
        ...tremor,
      },
      boxShadow: {
        "tremor-input": "0 1px 2px 0 rgb(0 0 0 / 0.05)",
        "tremor-card": "0 1px 2px 0 rgb(0 0 0 / 0.05)",
        "tremor-dropdown": "0 4px 6px -1px rgb(0 0 0 / 0.1), 0 2px 4px -2px rgb(0 0 0 / 0.1)",
        "dark-tremor-input": "0 1px 2px 0 rgb(0 0 0 / 0.05)",
        "dark-tremor-card": "0 1px 2px 0 rgb(0 0 0 / 0.05)",
        "dark-tremor-dropdown": "0 4px 6px -1px rgb(0 0 0 / 0.1), 0 2px 4px -2px rgb(0 0 0 / 0.1)",
      },
      borderRadius: { "tremor-small": "0.375rem", "tremor-default": "0.5rem", "tremor-full": "9999px" },
      fontSize: {
        "tremor-label": ["0.75rem", { lineHeight: "1rem" }],
        "tremor-default": ["0.875rem", { lineHeight: "1.25rem" }],
        "tremor-title": ["1.125rem", { lineHeight: "1.75rem" }],
        "tremor-metric": ["1.875rem", { lineHeight: "2.25rem" }],
      },
      // Inter ships with the app (@fontsource-variable/inter, imported by app/tailwind.css); the rest are fallbacks.
      fontFamily: { sans: ["Inter Variable", "Inter", "system-ui", "Segoe UI", "Roboto", "sans-serif"] },
    },
  },
  safelist: [{ pattern: new RegExp(`^(bg|text|ring)-(?:${HUES})-500$`) }],
  plugins: [],
} satisfies Config;
