/** Cookies are Secure when the request came over HTTPS (behind a proxy: only with TRUST_PROXY). */
export function isSecureRequest(request: Request) {
  return new URL(request.url).protocol === "https:";
}

export const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;
