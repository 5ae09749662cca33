import { createCookieSessionStorage } from "@remix-run/node";
import { createThemeSessionResolver, isTheme, Theme } from "remix-themes";
import type { WebContext } from "#app/load-context.ts";
import { isSecureRequest, ONE_YEAR_SECONDS } from "./cookies.server.ts";

const resolvers = new Map<string, ReturnType<typeof createThemeSessionResolver>>();

function themeSessionResolver(context: WebContext, request: Request) {
  const secure = isSecureRequest(request);
  const key = `${secure}:${context.config.sessionSecrets.join(",")}`;
  let resolver = resolvers.get(key);
  if (!resolver) {
    resolver = createThemeSessionResolver(
      createCookieSessionStorage({
        cookie: {
          name: "theme",
          path: "/",
          httpOnly: true,
          sameSite: "lax",
          secure,
          maxAge: ONE_YEAR_SECONDS,
          secrets: context.config.sessionSecrets,
        },
      }),
    );
    resolvers.set(key, resolver);
  }
  return resolver(request);
}

/**
 * The theme to render on the server: the visitor's explicit choice, else the system preference
 * the browser sent as a client hint (so no flash even without JavaScript), else null (a tiny
 * nonce'd script picks the system preference before first paint).
 */
export async function getTheme(request: Request, context: WebContext) {
  const session = await themeSessionResolver(context, request);
  const chosen = session.getTheme();
  if (chosen) return { theme: chosen, chosen: true };
  const hint = request.headers.get("Sec-CH-Prefers-Color-Scheme")?.replaceAll('"', "");
  return { theme: isTheme(hint) ? hint : null, chosen: false };
}

/** Stores the choice; `null` forgets it (back to the system preference). */
export async function setTheme(request: Request, context: WebContext, theme: Theme | null) {
  const session = await themeSessionResolver(context, request);
  if (theme === null) return session.destroy();
  session.setTheme(theme);
  return session.commit();
}

export { isTheme, Theme };
