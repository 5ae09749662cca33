import { z } from "zod";
import { collectionNameSchema, fileNameSchema, teamNameSchema } from "#domain/validation.ts";

/**
 * The rename dialogs' forms (RenameDialog, renameAction): a module of their own, so the browser
 * loads zod only once the dialog is drawn (ADR 034).
 */
export const TeamRenameSchema = z.object({ name: teamNameSchema });
export const CollectionRenameSchema = z.object({ name: collectionNameSchema });
export const FileRenameSchema = z.object({ name: fileNameSchema });
