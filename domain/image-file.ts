import { IMAGE_MAX_BYTES, isImageContentType } from "./constants.ts";

/** What a logo or avatar file must show: a File satisfies it. */
export interface ImageFileLike {
  type: string;
  size: number;
}

export function isImageFileLike(value: unknown): value is ImageFileLike {
  if (typeof value !== "object" || value === null) return false;
  const { type, size } = value as Partial<Record<keyof ImageFileLike, unknown>>;
  return typeof type === "string" && typeof size === "number";
}

/**
 * Why a logo or avatar file cannot be used, as a validation message key: not one of the raster
 * types we take (`imageFile`), or over 3 MB (`imageSize`); null when it can. The browser checks a
 * chosen file with this, without loading the form schemas; `imageFileSchema` says the same.
 */
export function imageFileProblem(value: unknown): "imageFile" | "imageSize" | null {
  if (!isImageFileLike(value) || !isImageContentType(value.type.toLowerCase())) return "imageFile";
  return value.size > IMAGE_MAX_BYTES ? "imageSize" : null;
}
