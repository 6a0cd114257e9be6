import { createContext, useContext } from "react";

/**
 * The page's CSP nonce (entry.server.tsx makes one per page and sends it in the Content-Security-Policy); root.tsx
 * gives it to Remix's inline scripts. In the browser there is none to give: those scripts have already run.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
