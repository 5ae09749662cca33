import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteLoaderData,
} from "@remix-run/react";
import { type ReactNode, useEffect } from "react";
// The client half only: the package's index also loads its server half (cookies, sessions).
import { ThemeProvider, useTheme } from "remix-themes/build/theme-provider.js";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { Theme } from "#app/components/layout.tsx";
import { i18nServer } from "#app/i18n/language.server.ts";
import { useChangeLanguage, useTranslation } from "#app/i18n/react.tsx";
import type { TeamRouteData } from "#app/services/api/teams.server.ts";
import { sessionSummary } from "#app/services/auth.server.ts";
import { getConsent } from "#app/services/consent.server.ts";
import { holdsSecret } from "#app/services/link-parameters.server.ts";
import { currentPath } from "#app/services/redirect.ts";
import { useJavaScriptCookie } from "#app/services/streaming.ts";
import { TEAM_ROUTE_ID } from "#app/services/teams.ts";
import { getTheme } from "#app/services/theme.server.ts";
import { getToast } from "#app/services/toast.server.ts";
import { CookieBanner } from "#app/shell/cookie-banner.tsx";
import { ModulePreloads } from "#app/shell/module-preloads.tsx";
import { useNonce } from "#app/shell/nonce.tsx";
import { SiteFooter } from "#app/shell/site-footer.tsx";
import { SiteHeader, TeamSwitch } from "#app/shell/site-header.tsx";
import { TeamMenu } from "#app/shell/team-menu.tsx";
import { ThemeHead } from "#app/shell/theme-head.tsx";
import { Toast } from "#app/shell/toast.tsx";
import { UserMenu } from "#app/shell/user-menu.tsx";
import appCss from "#app/styles/app.css?url";
import systemDarkCss from "#app/styles/system-dark.css?url";
import { secretInPath } from "#domain/secret-urls.ts";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Radix Themes and the app's rules, in one file (styles/app.css).
  { rel: "stylesheet", href: appCss },
  // The dark theme for visitors who have not chosen one (ADR 026). With its media, the browser
  // does not wait for it on a light system.
  { rel: "stylesheet", href: systemDarkCss, media: "(prefers-color-scheme: dark)" },
];

export const handle = { i18n: "common" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [locale, theme, consent, { toast, headers }, user] = await Promise.all([
    i18nServer.getLocale(request),
    getTheme(request, context),
    getConsent(request),
    getToast(request, context),
    sessionSummary(request, context),
  ]);
  const { productName, analyticsScriptUrl } = context.config;
  return data(
    {
      locale,
      theme,
      consent,
      // A drop link's guest page loads no optional script, so it asks nothing (ADR 098).
      askConsent: consent === null && !secretInPath(new URL(request.url)),
      toast,
      user,
      path: currentPath(request),
      // The only configuration that reaches the browser.
      ENV: {
        productName,
        // Never on a page whose address holds a code, key or token: the script would see it.
        analyticsScriptUrl:
          consent === "accepted" && !holdsSecret(request) ? analyticsScriptUrl : undefined,
      },
    },
    { headers: headers ?? undefined },
  );
}

export type RootLoaderData = typeof loader;

function Document({
  children,
  locale,
  ssrTheme,
}: {
  children: ReactNode;
  locale: string;
  ssrTheme: boolean;
}) {
  const nonce = useNonce();
  const [theme] = useTheme();
  return (
    <html lang={locale} dir="ltr" className={theme ?? ""} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <ThemeHead ssrTheme={ssrTheme} nonce={nonce} />
        <Links />
        {/* No paint of a page half parsed: a slow phone's parser yields mid-document, and what
            it painted then moved when the rest came (a row's menu cut before its summary,
            a button before its label). Painting waits for the page's end (ADR 052). */}
        <link rel="expect" href={`#${PAGE_END_ID}`} {...{ blocking: "render" }} />
        {/* Last in the head: the links it adds trail what React rendered there (ADR 049). */}
        <ModulePreloads nonce={nonce} />
      </head>
      <body>
        <Theme root>{children}</Theme>
        <div id={PAGE_END_ID} hidden />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The element after the page's content: the browser paints once it has parsed it. */
const PAGE_END_ID = "page-end";

/** The document shell, rendered for pages and for the error boundary alike. */
export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<RootLoaderData>("root");
  const { i18n } = useTranslation();
  const locale = root?.locale ?? i18n.language ?? "en";
  return (
    <ThemeProvider specifiedTheme={root?.theme ?? null} themeAction="/resources/theme">
      <Document locale={locale} ssrTheme={Boolean(root?.theme)}>
        {children}
      </Document>
    </ThemeProvider>
  );
}

/**
 * The right-click menu and image dragging are blocked app-wide (docs/product.md#screens; the CSS
 * stops dragging without JavaScript too). Text fields keep their menu, for pasting.
 */
function useNoContextMenu() {
  useEffect(() => {
    const editable = (target: EventTarget | null) =>
      target instanceof HTMLElement && target.closest("input, textarea, [contenteditable]");
    const onContextMenu = (event: MouseEvent) => {
      if (!editable(event.target)) event.preventDefault();
    };
    const onDragStart = (event: DragEvent) => {
      if (event.target instanceof HTMLImageElement) event.preventDefault();
    };
    document.addEventListener("contextmenu", onContextMenu);
    document.addEventListener("dragstart", onDragStart);
    return () => {
      document.removeEventListener("contextmenu", onContextMenu);
      document.removeEventListener("dragstart", onDragStart);
    };
  }, []);
}

export default function App() {
  const { locale, askConsent, toast, user, path, ENV } = useLoaderData<typeof loader>();
  const nonce = useNonce();
  // Inside a team, the header carries its menu.
  const teamData = useRouteLoaderData<TeamRouteData>(TEAM_ROUTE_ID);
  useChangeLanguage(locale);
  useJavaScriptCookie();
  useNoContextMenu();
  // A page printed as it is (a drop link's poster) says so in its handle: no header, no footer.
  const bare = useMatches().some(
    (match) => (match.handle as { chrome?: boolean })?.chrome === false,
  );
  if (bare) {
    return (
      <main id="main" className="bare-main">
        <Outlet />
        {toast ? <Toast key={JSON.stringify(toast)} toast={toast} /> : null}
      </main>
    );
  }
  return (
    <div className="app-shell">
      {/* First in the page, as GOV.UK places its cookie banner: the first thing a keyboard
          reaches, and the first the parser meets (it is the largest text a first visit paints:
          Lighthouse's LCP, ADR 048; the first paint now waits for the page's end, ADR 052).
          Still shown at the bottom. */}
      {/* A drop link's guest page loads no optional script, so it asks nothing (ADR 098). */}
      {askConsent ? <CookieBanner path={path} /> : null}
      <SiteHeader
        productName={ENV.productName}
        path={path}
        teamSwitch={user ? <TeamSwitch /> : null}
        teamMenu={
          teamData ? (
            <TeamMenu
              team={teamData.team}
              base={teamData.base}
              internal={user?.internal ?? false}
            />
          ) : null
        }
        userMenu={user ? <UserMenu displayName={user.displayName} /> : null}
      />
      <main id="main" className="app-main">
        <Outlet />
      </main>
      <SiteFooter productName={ENV.productName} path={path} locale={locale} />
      {toast ? <Toast key={JSON.stringify(toast)} toast={toast} /> : null}
      {ENV.analyticsScriptUrl ? <script async src={ENV.analyticsScriptUrl} nonce={nonce} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="app-shell">
      <main id="main" className="app-main">
        <GeneralErrorBoundary />
      </main>
    </div>
  );
}
