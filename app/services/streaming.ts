import { useEffect } from "react";

/** The cookie canStream (streaming.server.ts) reads: this browser runs JavaScript. */
export const JS_COOKIE = "js=1";

/** Sets the JavaScript cookie in the browser; Secure over HTTPS, like every cookie we set. */
export function setJavaScriptCookie() {
  const secure = window.location.protocol === "https:" ? "; secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: one flag cookie, no library needed
  document.cookie = `${JS_COOKIE}; path=/; max-age=31536000; samesite=lax${secure}`;
}

/** Sets the JavaScript cookie once the page has hydrated, for the next page loads. */
export function useJavaScriptCookie() {
  useEffect(() => {
    if (!document.cookie.split("; ").includes(JS_COOKIE)) setJavaScriptCookie();
  }, []);
}
