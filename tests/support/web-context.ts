import { randomBytes } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import {
  UPLOAD_FORM_FILE_DEFAULT_MAX_BYTES,
  UPLOAD_SPOOL_DEFAULT_MAX_BYTES,
} from "#app/services/request-body.ts";
import { LAUNCH_AT_MS } from "#domain/constants.ts";

/**
 * What the host hands the web tier's loaders and actions, for tests that call them directly:
 * the API at `apiUrl`, fresh secrets, and the visitor at 127.0.0.1.
 */
export function testWebContext(apiUrl: string, requestId = "test"): AppLoadContext {
  return {
    config: {
      productName: "Raccolta",
      apiUrl,
      apiTimeoutMs: 15_000,
      sessionSecrets: [randomBytes(32).toString("base64url")],
      webTierKey: randomBytes(32).toString("base64url"),
      analyticsScriptUrl: undefined,
      contactEmail: undefined,
      launchAt: LAUNCH_AT_MS,
      appStoreUrl: undefined,
      playStoreUrl: undefined,
      isProduction: true,
      providers: [],
      signUp: "open",
      uploadForm: {
        fileMaxBytes: UPLOAD_FORM_FILE_DEFAULT_MAX_BYTES,
        spoolMaxBytes: UPLOAD_SPOOL_DEFAULT_MAX_BYTES,
      },
    },
    cspNonce: "nonce",
    clientIp: "127.0.0.1",
    requestId,
    apiReads: new Map(),
  };
}
