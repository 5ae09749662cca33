import type { FederatedProviderId } from "#domain/providers.ts";

/** A configured sign-in provider. Server-side only: its secret never goes into loader data. */
export interface SocialProvider {
  id: FederatedProviderId;
  /** Shown on the sign-in button. */
  name: string;
  /** OpenID Connect issuer (no trailing slash); discovery is under it. */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/**
 * What the host (server.ts) hands every loader and action. The web app never reads
 * process.env: its configuration arrives here, already parsed.
 */
export interface WebConfig {
  productName: string;
  /** Base URL of the product API, without a trailing slash. */
  apiUrl: string;
  /**
   * The API in this very process (ROLE=all without API_URL): a call is answered by handing it
   * the Request, with no socket in between (ADR 030), and the page's shared reads when the call
   * only reads (ADR 050). Undefined: calls go over the network.
   */
  inProcessApi?: (request: Request, pageReads?: PageReads) => Promise<Response>;
  /** How long one API call may take before the page says the service is unavailable. */
  apiTimeoutMs: number;
  /**
   * Told how each API call went, for the host's metrics: its status, or "unreachable" when no
   * answer came (a timeout, a refused connection).
   */
  observeApiCall?: (
    method: string,
    path: string,
    status: number | "unreachable",
    ms: number,
  ) => void;
  sessionSecrets: string[];
  /** Vouches for the visitor address sent with each API call (server/proxy.ts). */
  webTierKey: string;
  analyticsScriptUrl: string | undefined;
  contactEmail: string | undefined;
  /** The launch the landing page counts down to (epoch ms). */
  launchAt: number;
  /** The mobile app's store pages; their badges show only when set. */
  appStoreUrl: string | undefined;
  playStoreUrl: string | undefined;
  isProduction: boolean;
  /**
   * Where mail is written instead of sent: set only in development without SMTP_URL, when the
   * API runs in this process, so the page after sign-up can say where the code went.
   */
  mailFolder?: string;
  /** Social and OpenID Connect sign-in providers that are on, in button order. */
  providers: readonly SocialProvider[];
  /** Who may make an account (SIGNUP): anyone, or only someone invited (ADR 088). */
  signUp: "open" | "invite-only";
  /**
   * The upload form without JavaScript (ADR 083): the largest file it spools, and the temporary
   * space all its requests in this process may fill at once.
   */
  uploadForm: { fileMaxBytes: number; spoolMaxBytes: number };
}

export interface WebContext {
  config: WebConfig;
  /** Fresh per request; every inline script carries it (see the CSP in server/security.ts). */
  cspNonce: string;
  /** The client's address (the proxy's X-Forwarded-For only with TRUST_PROXY). */
  clientIp: string;
  /** This request's id in the log (and the X-Request-Id header of its answer). */
  requestId: string;
  /**
   * Fresh per request: what its in-process API calls read once for all of them, the session and
   * the caller's team (api/http/page-reads.ts, ADR 050). `apiCall` empties it around a write.
   */
  apiReads: PageReads;
}

/** The API's reads shared by one page's calls: opaque to the web tier, which only empties it. */
export type PageReads = Map<string, Promise<unknown>>;

declare module "@remix-run/node" {
  interface AppLoadContext extends WebContext {}
  interface Future {
    v3_singleFetch: true;
  }
}
