import type { Config } from "tailwindcss";

export default {
  darkMode: "class",
  content: ["./app/**/*.{ts,tsx}", "./node_modules/@tremor/**/*.{js,ts,jsx,tsx}"],
  theme: {
    extend: {
      colors: {
        // One meaning per hue (UX.md): risk, waste, right, unknown.
        risk: { DEFAULT: "#ef4444", soft: "#fecaca" },
        waste: { DEFAULT: "#eab308", soft: "#fef3ad" },
        fit: { DEFAULT: "#22c55e", soft: "#bbf7d0" },
      },
      fontFamily: { sans: ["Inter", "system-ui", "Segoe UI", "Roboto", "sans-serif"] },
    },
  },
  plugins: [],
} satisfies Config;
