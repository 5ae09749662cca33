import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";
import type { WebContext } from "#app/load-context.ts";
import { isSecureRequest } from "./cookies.server.ts";

/**
 * Flash messages after a redirect: the 4-second snackbar of docs/product.md#client-messages. The
 * message is a translation key (with optional values), read once on the next page, with or without
 * JavaScript.
 */
const toastSchema = z.object({
  type: z.enum(["success", "error", "info"]).default("info"),
  message: z.string().min(1),
  values: z.record(z.string(), z.string()).optional(),
  /**
   * An Undo button on the snackbar: a form that posts `fields` to `action` (a path of this site),
   * with or without JavaScript. Moving to the trash offers it (ADR 093).
   */
  undo: z
    .object({
      action: z.string().startsWith("/"),
      fields: z.record(z.string(), z.string()),
    })
    .optional(),
});
export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;

const TOAST_KEY = "toast";
type ToastStorage = ReturnType<
  typeof createCookieSessionStorage<Record<string, never>, { toast: Toast }>
>;
const storages = new Map<string, ToastStorage>();

function toastStorage(context: WebContext, request: Request) {
  const secure = isSecureRequest(request);
  const key = `${secure}:${context.config.sessionSecrets.join(",")}`;
  let storage = storages.get(key);
  if (!storage) {
    storage = createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
      cookie: {
        name: "toast",
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure,
        secrets: context.config.sessionSecrets,
      },
    });
    storages.set(key, storage);
  }
  return storage;
}

export async function createToastHeaders(request: Request, context: WebContext, toast: ToastInput) {
  const storage = toastStorage(context, request);
  const session = await storage.getSession();
  session.flash(TOAST_KEY, toastSchema.parse(toast));
  return new Headers({ "Set-Cookie": await storage.commitSession(session) });
}

export async function redirectWithToast(
  request: Request,
  context: WebContext,
  url: string,
  toast: ToastInput,
  init?: ResponseInit,
) {
  const headers = new Headers(init?.headers);
  const toastHeaders = await createToastHeaders(request, context, toast);
  headers.append("Set-Cookie", toastHeaders.get("Set-Cookie") ?? "");
  return redirect(url, { ...init, headers });
}

/** Reads (and consumes) the pending toast; the returned headers clear it. */
export async function getToast(request: Request, context: WebContext) {
  const storage = toastStorage(context, request);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const parsed = toastSchema.safeParse(session.get(TOAST_KEY));
  const toast = parsed.success ? parsed.data : null;
  const headers = toast
    ? new Headers({ "Set-Cookie": await storage.destroySession(session) })
    : null;
  return { toast, headers };
}
