import { UNSAFE_RemixContext, useMatches } from "@remix-run/react";
import { useContext, useState } from "react";

/**
 * The page's modules, preloaded by a script rather than by `<link rel="modulepreload">` in the
 * HTML (ADR 049): a browser with JavaScript off fetched every one of them (22 on the sign-in page,
 * 116 KB or more) though it would never run them. With JavaScript on, the script adds the same
 * links Remix wrote (the route manifest, the entry, its imports, and each matched route's module
 * with its imports, at low priority: ADR 040) as soon as the parser reaches the end of the head.
 *
 * Rendered last in `<head>`: the links it adds come after everything React rendered there, and
 * React leaves such trailing nodes of the head alone while it hydrates. The list is the first
 * render's: navigations load their modules as Remix always did.
 */
export function ModulePreloads({ nonce }: { nonce?: string }) {
  const remix = useContext(UNSAFE_RemixContext);
  const matches = useMatches();
  const [script] = useState(() => {
    if (!remix) return "";
    const { manifest } = remix;
    const modules = [
      manifest.url,
      manifest.entry.module,
      ...manifest.entry.imports,
      ...matches.flatMap((match) => {
        const route = manifest.routes[match.id];
        return route ? [...(route.imports ?? []), route.module] : [];
      }),
    ];
    const hrefs = JSON.stringify([...new Set(modules)]).replaceAll("<", "\\u003c");
    return `for(const h of ${hrefs}){const l=document.createElement("link");l.rel="modulepreload";l.href=h;l.setAttribute("fetchpriority","low");document.head.append(l)}`;
  });
  return script ? (
    <script
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own asset paths, as JSON with "<" escaped
      dangerouslySetInnerHTML={{ __html: script }}
    />
  ) : null;
}
