import { IMAGE_MAX_BYTES } from "#domain/constants.ts";

/*
 * How large and of what type an action's body may be (ADR 021). A route that takes more than a
 * plain form says so in its `handle.body`; request-body.server.ts enforces it.
 */

/** Every form of ours that carries no file: a few fields, a few KB. */
export const FORM_BODY_MAX_BYTES = 64 * 1024;

/**
 * The avatar and logo forms without JavaScript: one image and a few fields. The image itself may
 * be 3 MB (IMAGE_MAX_BYTES), and the form streams it with that cap, answering a larger one with
 * its own message ("at most 3 MB"); the form takes up to ten times that, so a photo straight from
 * a phone meets that message rather than a bare "too large".
 */
export const IMAGE_FORM_MAX_BYTES = 10 * IMAGE_MAX_BYTES + FORM_BODY_MAX_BYTES;

/**
 * The upload form without JavaScript: the files chosen, spooled to disk one at a time and sent
 * on to the API, which applies the storage quota. With JavaScript, files go to the API with tus
 * and never through a form.
 */
export const UPLOAD_FORM_MAX_BYTES = 2 * 1024 ** 3;

/**
 * The largest file that form takes by default (UPLOAD_FORM_FILE_MAX_BYTES; ADR 083): what fits
 * in its body beside the form's fields. Larger files need JavaScript (tus).
 */
export const UPLOAD_FORM_FILE_DEFAULT_MAX_BYTES = UPLOAD_FORM_MAX_BYTES - FORM_BODY_MAX_BYTES;

/**
 * The temporary space that form may fill at once, all requests of the process together
 * (UPLOAD_SPOOL_MAX_BYTES; ADR 083): two of its largest files.
 */
export const UPLOAD_SPOOL_DEFAULT_MAX_BYTES = 4 * 1024 ** 3;

/** A route's own body rules, in its `handle.body`. */
export interface BodyRules {
  /** The most bytes the body may have (FORM_BODY_MAX_BYTES when not said). */
  maxBytes?: number;
  /** The media types taken (a browser form's two when not said). */
  types?: readonly string[];
}
