import { useTheme } from "remix-themes/build/theme-provider.js";

/**
 * Before the first paint, for a visitor who has chosen no theme: the system's theme as the
 * document's class, and the colour scheme's meta to match, so the page does not switch when it
 * hydrates (remix-themes' ThemeProvider then reads the same preference). It is what remix-themes'
 * PreventFlashOnWrongTheme does for a theme set by class, written small: its script is 850 bytes
 * of every such page (ADR 045). With a theme chosen, the server has set both already.
 */
const SYSTEM_THEME_SCRIPT =
  '(()=>{const t=matchMedia("(prefers-color-scheme: light)").matches?"light":"dark",' +
  'c=document.documentElement.classList,m=document.querySelector("meta[name=color-scheme]");' +
  'c.contains("light")||c.contains("dark")||c.add(t);' +
  'if(m)m.content=t==="dark"?"dark light":"light dark"})()';

export function ThemeHead({ ssrTheme, nonce }: { ssrTheme: boolean; nonce: string }) {
  const [theme] = useTheme();
  return (
    <>
      <meta name="color-scheme" content={theme === "light" ? "light dark" : "dark light"} />
      {ssrTheme ? null : (
        <script
          // A classic script, not a module: it must run before the rest of the document parses.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this file, no input
          dangerouslySetInnerHTML={{ __html: SYSTEM_THEME_SCRIPT }}
          nonce={nonce}
          suppressHydrationWarning
        />
      )}
    </>
  );
}
