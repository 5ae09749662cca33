import { z } from "@hono/zod-openapi";
import { requireVisibleCollection } from "#api/access/collections.ts";
import { actorOf, requireTeamMember } from "#api/access/teams.ts";
import type { Db } from "#api/db/schema.ts";
import { selectFiles } from "#api/files/file-views.ts";
import { ApiError } from "#api/http/errors.ts";
import { canCreateFile, canSeeAllCollections } from "#domain/roles.ts";

/**
 * Which of the files a client is about to send are already in the collection (ADR 102). A
 * candidate with its SHA-256 matches a file with the same SHA-256; without one, the cheap key
 * matches: the same size and the same original name, ignoring case, answered `byKey` so that the
 * client hashes just those and asks again to be sure. Only files the caller may see count (an
 * uploader sees only its own, as in lists: api/files/file-lists.ts): visible (processing or
 * ready), out of the trash, not held for review.
 */

/** The most candidates one question may hold. */
export const DUPLICATE_CANDIDATES_MAX = 500;

const SHA256_HEX = /^[0-9a-fA-F]{64}$/;

export const DuplicateCandidateSchema = z
  .strictObject({
    key: z.string().min(1).max(200).openapi({
      description: "The client's own name for this candidate, echoed in its match",
    }),
    name: z.string().min(1).max(1000).openapi({ description: "The file's name on the device" }),
    size: z.number().int().min(0).openapi({ description: "Its size in bytes" }),
    lastModified: z
      .number()
      .int()
      .min(0)
      .optional()
      .openapi({ description: "When it was last changed on the device (epoch ms); not matched" }),
    sha256: z
      .string()
      .regex(SHA256_HEX, "must be the SHA-256 in hex: 64 characters 0-9 and a-f")
      .optional()
      .openapi({
        description:
          "The SHA-256 of its bytes in hex: given, only a file with the same one matches",
      }),
  })
  .openapi("DuplicateCandidate");
export type DuplicateCandidate = z.infer<typeof DuplicateCandidateSchema>;

export const DuplicatesRequestSchema = z
  .strictObject({
    files: z
      .array(DuplicateCandidateSchema)
      .min(1, "at least one file")
      .max(DUPLICATE_CANDIDATES_MAX, `at most ${DUPLICATE_CANDIDATES_MAX} files`),
  })
  .openapi("DuplicatesRequest");

export const DuplicateMatchSchema = z
  .object({
    key: z.string().openapi({ description: "The candidate's key" }),
    fileId: z.string().openapi({ description: "The file already in the collection" }),
    name: z.string().openapi({ description: "That file's current name" }),
    uploadedBy: z.object({ userId: z.string(), nickname: z.string() }).nullable().openapi({
      description:
        "Who uploaded it, as a member of the team (a guest's file: the link's creator); null once removed",
    }),
    guestName: z.string().nullable().optional().openapi({
      description:
        "Present for a file a guest sent through a drop link: the name they gave, null if none",
    }),
    uploadedAt: z.number().int().openapi({ description: "Epoch ms of its upload" }),
    takenAt: z.number().int().nullable().openapi({
      description: "When the photo was taken (epoch ms), from its EXIF; null if unknown",
    }),
    byKey: z.boolean().openapi({
      description:
        "true: only the name and size agree (no sha256 was given): hash the file and ask again " +
        "with it to be sure. false: the SHA-256 agrees",
    }),
  })
  .openapi("DuplicateMatch");
export type DuplicateMatch = z.infer<typeof DuplicateMatchSchema>;

export const DuplicatesResponseSchema = z
  .object({
    matches: z.array(DuplicateMatchSchema).openapi({
      description:
        "One for each candidate already there (the earliest such file); none for the rest",
    }),
  })
  .openapi("Duplicates");

/** The matches of `candidates` among the collection's files the caller may see. */
export async function findDuplicates(
  db: Db,
  userId: string,
  teamId: string,
  collectionId: string,
  candidates: DuplicateCandidate[],
): Promise<DuplicateMatch[]> {
  const access = await requireTeamMember(db, teamId, userId);
  const collection = await requireVisibleCollection(db, access, collectionId);
  const actor = actorOf(access);
  const allowed = canCreateFile(actor.role, {
    teamMode: access.team.mode,
    collectionMode: collection.mode,
    collectionCreatedBy: collection.created_by,
    userId: actor.userId,
  });
  if (!allowed) throw new ApiError("forbidden", "Your role cannot add files to this collection");

  const hashes = [
    ...new Set(candidates.flatMap((c) => (c.sha256 ? [c.sha256.toLowerCase()] : []))),
  ];
  const sizes = [...new Set(candidates.filter((c) => !c.sha256).map((c) => c.size))];
  if (hashes.length === 0 && sizes.length === 0) return [];

  let select = selectFiles(db, actor.userId)
    .clearSelect()
    .select([
      "files.file_id",
      "files.name",
      "files.original_name",
      "files.size",
      "files.sha256",
      "files.created_at",
      "files.taken_at",
      "files.drop_link_id",
      "files.guest_name",
      "uploaders.member_id as uploader_member_id",
      "uploaders.nickname as uploader_nickname",
    ])
    .where("collections.team_id", "=", access.team.team_id)
    .where("files.collection_id", "=", collection.collection_id)
    .where((eb) =>
      eb.or([
        ...(hashes.length > 0 ? [eb("files.sha256", "in", hashes)] : []),
        ...(sizes.length > 0 ? [eb("files.size", "in", sizes)] : []),
      ]),
    );
  if (!canSeeAllCollections(actor.role)) {
    select = select.where("files.uploaded_by", "=", actor.userId);
  }
  const rows = await select.orderBy("files.created_at").orderBy("files.file_id").execute();

  // The earliest file for each SHA-256, and for each size and lowercased original name. Names
  // are compared here rather than in SQL: SQLite's lower() folds ASCII only.
  const byHash = new Map<string, (typeof rows)[number]>();
  const byKey = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    if (row.sha256 !== null && !byHash.has(row.sha256)) byHash.set(row.sha256, row);
    const key = `${Number(row.size)}\n${row.original_name.toLowerCase()}`;
    if (!byKey.has(key)) byKey.set(key, row);
  }

  const matches: DuplicateMatch[] = [];
  for (const candidate of candidates) {
    const row = candidate.sha256
      ? byHash.get(candidate.sha256.toLowerCase())
      : byKey.get(`${candidate.size}\n${candidate.name.toLowerCase()}`);
    if (!row) continue;
    matches.push({
      key: candidate.key,
      fileId: row.file_id,
      name: row.name,
      uploadedBy:
        row.uploader_member_id === null || row.uploader_nickname === null
          ? null
          : { userId: row.uploader_member_id, nickname: row.uploader_nickname },
      ...(row.drop_link_id === null ? {} : { guestName: row.guest_name }),
      uploadedAt: Number(row.created_at),
      takenAt: row.taken_at === null ? null : Number(row.taken_at),
      byKey: !candidate.sha256,
    });
  }
  return matches;
}
