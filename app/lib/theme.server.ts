/** The theme lives in a cookie so the server renders the right one with no flash; dark is the default. */
import { readCookie, secureAttribute } from "~/lib/cookies";

export type Theme = "dark" | "light";
export const THEME_COOKIE = "kubex_theme";

export function getTheme(request: Request): Theme {
  return readCookie(request, THEME_COOKIE) === "light" ? "light" : "dark";
}

export function themeCookieHeader(theme: Theme, request: Request) {
  return `${THEME_COOKIE}=${theme}; Path=/; SameSite=Lax; Max-Age=31536000${secureAttribute(request)}`;
}
