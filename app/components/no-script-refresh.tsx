/**
 * For a browser without JavaScript, what a script would do while the server works: load the page
 * again (or `to`) after `afterMs`. Scripts poll instead; the tag is inside <noscript>, so only a
 * browser that runs none ever follows it.
 */
export function NoScriptRefresh({ afterMs, to }: { afterMs: number; to?: string }) {
  const seconds = String(Math.max(1, Math.round(afterMs / 1000)));
  return (
    <noscript>
      <meta httpEquiv="refresh" content={to === undefined ? seconds : `${seconds};url=${to}`} />
    </noscript>
  );
}
