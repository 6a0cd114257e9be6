import type { Config } from "tailwindcss";
import colors from "tailwindcss/colors";

/**
 * Tremor's setup (its Tailwind 3 installation guide): its files in `content`, its design tokens (`tremor-*` for the
 * light theme, `dark-tremor-*` for the dark one) and a safelist for the colour classes it builds at run time. The
 * tokens are our palette, not Tremor's blue/gray: slate greys and the sky accent we had, so a Tremor card, metric or
 * tab looks like the hand-written ones beside it.
 */
const tremor = {
  tremor: {
    brand: { faint: colors.sky[50], muted: colors.sky[200], subtle: colors.sky[400], DEFAULT: colors.sky[500], emphasis: colors.sky[700], inverted: colors.white },
    background: { muted: colors.slate[50], subtle: colors.slate[100], DEFAULT: colors.white, emphasis: colors.slate[700] },
    border: { DEFAULT: colors.slate[200] },
    ring: { DEFAULT: colors.slate[200] },
    // DEFAULT is the muted text (slate-500 on white: 4.8:1), strong the body text.
    content: { subtle: colors.slate[400], DEFAULT: colors.slate[500], emphasis: colors.slate[700], strong: colors.slate[900], inverted: colors.white },
  },
  "dark-tremor": {
    brand: { faint: colors.sky[950], muted: colors.sky[950], subtle: colors.sky[800], DEFAULT: colors.sky[500], emphasis: colors.sky[300], inverted: colors.slate[950] },
    background: { muted: colors.slate[950], subtle: colors.slate[800], DEFAULT: colors.slate[900], emphasis: colors.slate[300] },
    border: { DEFAULT: colors.slate[700] },
    ring: { DEFAULT: colors.slate[700] },
    // Tremor's gray-500 muted text is 3.7:1 on our dark cards; slate-400 is 6.9:1 (UX.md asks AA in both themes).
    content: { subtle: colors.slate[500], DEFAULT: colors.slate[400], emphasis: colors.slate[200], strong: colors.slate[100], inverted: colors.slate[950] },
  },
};

/**
 * The hues Tremor components are given through their `color` prop (risk red, waste amber/yellow, fit emerald/lime,
 * unknown slate, the sky accent, and the recommendation hues). Tremor's guide safelists all 22 hues; we list only
 * these so the stylesheet does not carry some 4,000 rules nobody uses, and no stroke/fill rules (those are for
 * Tremor's charts, which we do not use). The guide's `ui-selected` variant needs the @headlessui/tailwindcss plugin
 * and serves Tremor 3's older Headless UI selects; 3.18 marks selection with data-[selected], so it is left out.
 */
const HUES = "slate|red|orange|amber|yellow|lime|emerald|sky|violet|rose";
const SHADES = "50|100|200|300|400|500|600|700|800|900|950";

export default {
  darkMode: "class",
  content: ["./app/**/*.{ts,tsx}", "./node_modules/@tremor/**/*.{js,ts,jsx,tsx}"],
  theme: {
    transparent: "transparent",
    current: "currentColor",
    extend: {
      colors: {
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
  safelist: [
    { pattern: new RegExp(`^(bg-(?:${HUES})-(?:${SHADES}))$`), variants: ["hover"] },
    { pattern: new RegExp(`^(text-(?:${HUES})-(?:${SHADES}))$`), variants: ["hover"] },
    { pattern: new RegExp(`^(border-(?:${HUES})-(?:${SHADES}))$`), variants: ["hover"] },
    { pattern: new RegExp(`^(ring-(?:${HUES})-(?:${SHADES}))$`) },
  ],
  plugins: [],
} satisfies Config;
