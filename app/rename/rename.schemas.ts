import { z } from "zod";
import { collectionNameSchema, fileRenameSchema, teamNameSchema } from "#domain/validation.ts";

/**
 * The rename dialogs' forms (RenameDialog, renameAction): a module of their own, so the browser
 * loads zod only once the dialog is drawn (ADR 034).
 */
export const TeamRenameSchema = z.object({ name: teamNameSchema });
export const CollectionRenameSchema = z.object({ name: collectionNameSchema });
/**
 * A file's: the name as typed, without its extension or with it; the value is the name saved,
 * with the file's `extension` (docs/product.md#files).
 */
export function fileRenameFormSchema(extension: string) {
  return z.object({ name: fileRenameSchema(extension) });
}
