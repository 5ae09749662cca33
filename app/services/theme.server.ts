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
 * The theme the visitor chose, rendered as the class of <html>; else null, and the page follows
 * the system's preference through CSS alone (`prefers-color-scheme`, ADR 026), in every browser
 * and from the first page, with or without JavaScript.
 */
export async function getTheme(request: Request, context: WebContext) {
  const session = await themeSessionResolver(context, request);
  return session.getTheme();
}

/** Stores the choice; `null` forgets it (back to the system preference). */
export async function setTheme(request: Request, context: WebContext, theme: Theme | null) {
  const session = await themeSessionResolver(context, request);
  if (theme === null) return session.destroy();
  session.setTheme(theme);
  return session.commit();
}

export { isTheme, Theme };
