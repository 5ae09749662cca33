/**
 * The API's layers, lowest first (ADR 058). A file under api/ imports only from its own folder
 * and from folders of lower layers: never from a layer above, nor from another folder of its own
 * layer. The rule covers every import, types included. tests/unit/api-layers.test.ts reads this
 * table and fails, naming the file and line, on an import that breaks it, and on a folder that is
 * not in the table.
 *
 * An entry is a folder of api/ (`http/`) or a file at its top (`app.ts`). domain/ is below all
 * of them, and app/ is never imported.
 */
export const API_LAYERS: readonly { name: string; folders: readonly string[] }[] = [
  // What everything runs on; each imports nothing of ours but the base below it.
  {
    name: "base",
    folders: ["clock.ts", "request-context.ts", "background.ts", "layers.ts", "db/"],
  },
  {
    name: "infrastructure",
    folders: ["metrics.ts", "http/", "storage/", "net/", "mail/", "images/"],
  },
  // Decoders for what sharp cannot read (HEIC, video frames), answering with images/' errors.
  { name: "media", folders: ["media/"] },
  { name: "jobs", folders: ["jobs/"] },
  // Who may enter a team and see a collection, and who is acting: shared by every feature.
  { name: "access", folders: ["access/"] },
  // The team activity log: every feature records its changes in it (ADR 091).
  { name: "activity", folders: ["activity/"] },
  // The features, each above the ones it uses.
  { name: "image uploads", folders: ["image-uploads/"] },
  { name: "users", folders: ["users/"] },
  { name: "billing", folders: ["billing/"] },
  { name: "auth", folders: ["auth/"] },
  { name: "subscriptions", folders: ["subscriptions/"] },
  { name: "teams", folders: ["teams/"] },
  { name: "collections", folders: ["collections/"] },
  { name: "downloads", folders: ["downloads/"] },
  { name: "files", folders: ["files/"] },
  { name: "uploads", folders: ["uploads/"] },
  // The trash (ADR 092): deleting, restoring and purging files and collections.
  { name: "trash", folders: ["trash/"] },
  // Deleting, restoring and purging a team: it removes every file's bytes (ADR 094).
  { name: "team deletion", folders: ["team-deletion/"] },
  // Drop links (ADR 097): links, their guests, their uploads and the review of what they send.
  { name: "drop links", folders: ["drop-links/"] },
  // HTTP: each route module calls the services and access checks below it.
  { name: "routes", folders: ["routes/"] },
  // The composition root: builds every service and mounts the routes.
  { name: "app", folders: ["app.ts"] },
];
