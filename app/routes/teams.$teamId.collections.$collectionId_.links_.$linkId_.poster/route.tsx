import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { qrSvgOf, requireLink, requireLinksScope } from "#app/drop-links/drop-links.server.ts";
import { PrintButton } from "#app/drop-links/print-button.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

/** A page of its own, without the app's header, menus and footer: it is printed. */
export const handle = { i18n: ["common", "links"], chrome: false };
export { dropLinksStylesheet as links } from "#app/drop-links/stylesheet.ts";

const SIZES = ["a4", "a6"] as const;
type PosterSize = (typeof SIZES)[number];
/**
 * Each size's page, portrait, in millimetres (Chromium's print to PDF took no "A6" keyword): the
 * sheet's print styles (drop-links.css) fit inside these margins.
 */
const PAPER: Record<PosterSize, string> = {
  a4: "@page { size: 210mm 297mm; margin: 12mm; }",
  a6: "@page { size: 105mm 148mm; margin: 6mm; }",
};

/**
 * A drop link's poster (ADR 097), to print and put up: the team's logo, the link's title, its
 * message (A4 only), the QR code large and the address under it. `?size=a4` (the default) or
 * `a6`; the print styles set the page to that size, one page, and hide the controls on screen.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const scope = await requireLinksScope(request, context, params);
  const link = await requireLink(scope, params.linkId);
  const asked = new URL(request.url).searchParams.get("size");
  const size: PosterSize = SIZES.find((choice) => choice === asked) ?? "a4";
  const qr = await qrSvgOf(scope, link.linkId);
  return data(
    {
      title: link.title,
      message: link.message,
      url: link.url,
      shownUrl: link.url.replace(/^https?:\/\//, ""),
      qr,
      size,
      teamName: scope.team.name,
      logoUrl: scope.team.logoUrl,
      linkBase: `${scope.linksBase}/${encodeURIComponent(link.linkId)}`,
    },
    { headers: scope.auth.headers },
  );
}

export default function PosterScreen() {
  const { t } = useTranslation("links");
  const page = useLoaderData<typeof loader>();
  const posterBase = `${page.linkBase}/poster`;
  return (
    <div className="poster-page" data-size={page.size}>
      {/* The paper, for this page only: one @page rule, of the size chosen. */}
      <style>{PAPER[page.size]}</style>
      <nav className="poster-controls" aria-label={t("poster.controls")}>
        <Link to={page.linkBase} className="poster-back">
          {t("poster.back")}
        </Link>
        <span className="poster-sizes">
          {SIZES.map((size) => (
            <Link
              key={size}
              to={`${posterBase}?size=${size}`}
              aria-current={size === page.size ? "page" : undefined}
              replace
            >
              {t(`poster.${size}`)}
            </Link>
          ))}
        </span>
        <PrintButton />
      </nav>
      <article className="poster-sheet" data-size={page.size}>
        <header className="poster-head">
          {page.logoUrl ? (
            <img className="poster-logo" src={page.logoUrl} alt={page.teamName} />
          ) : (
            <p className="poster-team">{page.teamName}</p>
          )}
          <h1 className="poster-title">{page.title}</h1>
          {page.size === "a4" && page.message ? (
            <p className="poster-message">{page.message}</p>
          ) : null}
        </header>
        <div
          className="poster-qr"
          role="img"
          aria-label={t("link.qrLabel", { url: page.url })}
          // The API's own SVG (the qrcode package's markup): paths, no script.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our API's QR code SVG
          dangerouslySetInnerHTML={{ __html: page.qr }}
        />
        <footer className="poster-foot">
          <p className="poster-scan">{t("poster.scan")}</p>
          <p className="poster-url">{page.shownUrl}</p>
        </footer>
      </article>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "#app/components/error-boundary.tsx";
export { titleMeta as meta } from "#app/services/meta.ts";
