/**
 * What the host (server.ts) hands every loader and action. The web app never reads
 * process.env: its configuration arrives here, already parsed.
 */
export interface WebConfig {
  productName: string;
  /** Base URL of the product API, without a trailing slash. */
  apiUrl: string;
  sessionSecrets: string[];
  analyticsScriptUrl: string | undefined;
  contactEmail: string | undefined;
  isProduction: boolean;
}

export interface WebContext {
  config: WebConfig;
  /** Fresh per request; every inline script carries it (see the CSP in server/security.ts). */
  cspNonce: string;
  /** The client's address (the proxy's X-Forwarded-For only with TRUST_PROXY). */
  clientIp: string;
}

declare module "@remix-run/node" {
  interface AppLoadContext extends WebContext {}
  interface Future {
    v3_singleFetch: true;
  }
}
