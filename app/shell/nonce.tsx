import { createContext, useContext } from "react";

const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

/** The request's CSP nonce, for every inline or external script we render. */
export function useNonce() {
  return useContext(NonceContext);
}
