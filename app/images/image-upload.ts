import type { SubmissionResult } from "@conform-to/react";

/** Shared by the image dialog's server half and its component. */
export type ImageDialogTab = "file" | "link";

export type ImageActionResult =
  | { intent: "link"; result: SubmissionResult<string[]> }
  | { intent: "file"; error: string }
  | { intent: "start"; error: string }
  | { intent: "start"; id: string; uploadPath: string };
