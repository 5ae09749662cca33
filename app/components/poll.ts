import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/**
 * While `waiting`, the page's loaders run again every `everyMs` (one at a time): what the server
 * is still preparing (an image, a download, new uploads) shows as soon as it is ready.
 */
export function useRevalidateWhile(waiting: boolean, everyMs: number) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, everyMs);
    return () => clearInterval(timer);
  }, [waiting, everyMs, revalidator]);
}
