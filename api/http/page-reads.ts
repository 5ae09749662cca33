import { currentPageReads, type PageReads } from "#api/request-context.ts";

/**
 * The reads that every authenticated call of a page repeats (the session still open, the team
 * and the caller's membership), done once per web page when the web tier runs in this process
 * (ADR 050). A files page makes three API calls; each used to read all three again.
 *
 * The web tier makes one `PageReads` per page request and hands it to the host with each of its
 * in-process calls that only read (a Hono binding: no header, so nothing from the network can
 * name one). It empties it before and after a call that writes, so what a write changed is read
 * afresh. Over the network, and for every other caller, each call reads for itself. The map
 * travels in the request context (api/request-context.ts), which is below this module.
 */
export type { PageReads };

/**
 * `read()`, or the same read's promise when another call of this page already started it. A read
 * that fails is not kept: the next call tries again. What it answers is shared by the page's
 * calls, so it must not be changed: `requireTeamMember` freezes its rows.
 */
export function readOncePerPage<T>(key: string, read: () => Promise<T>): Promise<T> {
  const reads = currentPageReads();
  if (!reads) return read();
  const kept = reads.get(key) as Promise<T> | undefined;
  if (kept !== undefined) return kept;
  const reading = read();
  reads.set(key, reading);
  reading.catch(() => {
    if (reads.get(key) === reading) reads.delete(key);
  });
  return reading;
}
