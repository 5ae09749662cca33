// Field validation (docs/product.md#validation): one zod schema per field. Every error message is a
// translation key from MESSAGE_KEYS; the web app translates it. An empty value (after
// trimming) or a missing one always gives the field's *Required key, never *Short.

import { z } from "zod";
import {
  ALIAS_MAX,
  ALIAS_MIN,
  DESCRIPTION_MAX,
  EMAIL_MAX,
  FILE_EXTENSION_MAX,
  IMAGE_MAX_BYTES,
  NAME_MAX,
  NAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PREFERRED_NAME_MAX,
} from "./constants.ts";
import type { ClientMessageKey } from "./errors.ts";
import { fileNameBase, fileNameProblem } from "./file-names.ts";
import { type ImageFileLike, imageFileProblem, isImageFileLike } from "./image-file.ts";
import { ASSIGNABLE_ROLES } from "./roles.ts";

/** Every message key the schemas below can give. */
export const MESSAGE_KEYS = [
  "aliasRequired",
  "aliasShort",
  "aliasLong",
  "policyAlias",
  "teamNameRequired",
  "teamNameShort",
  "teamNameLong",
  "teamDescriptionLong",
  "collectionNameRequired",
  "collectionNameShort",
  "collectionNameLong",
  "collectionDescriptionLong",
  "fileNameRequired",
  "fileNameShort",
  "fileNameLong",
  "fileNameCharacters",
  "fileNameType",
  "nicknameRequired",
  "nicknameShort",
  "nicknameLong",
  "policyNickname",
  "personNameLong",
  "policyPersonName",
  "usernameRequired",
  "usernameShort",
  "usernameLong",
  "policyUsername",
  "emailRequired",
  "invalidEmail",
  "passwordRequired",
  "passwordShort",
  "passwordLong",
  "policyPassword",
  "confirmPasswordRequired",
  "passwordMatch",
  "emailUsernameRequired",
  "preferredNameRequired",
  "preferredNameLong",
  "roleRequired",
  "termsRequired",
  "ageRequired",
  "filterStartEndDateInvalid",
  "filterDateFuture",
  "imageFile",
  "imageSize",
  "imageURLFormat",
  "imageURLHttps",
  "invalidCharacters",
] as const;
export type MessageKey = (typeof MESSAGE_KEYS)[number];

/**
 * What no name or description may hold. The bidirectional controls (U+061C, U+200E, U+200F,
 * U+202A to U+202E, U+2066 to U+2069) reorder what is shown without being seen:
 * "invoice\u202Efdp.bat" shows as "invoicetab.pdf". A lone UTF-16 surrogate is no character at
 * all: stored, it silently becomes U+FFFD.
 */
const UNSAFE_CHARACTER = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]|\p{Cs}/u;

/** Whether a text is free of bidirectional controls and lone surrogates (UNSAFE_CHARACTER). */
export function isSafeText(text: string): boolean {
  return !UNSAFE_CHARACTER.test(text);
}

/** The check every name and description gets first: its only message when it fails. */
const safeCharacters = { error: "invalidCharacters", abort: true } as const;

/**
 * A required text, trimmed, between min and max characters; with `names`, refused outright
 * when it holds an unsafe character (isSafeText).
 */
function requiredText(
  min: number,
  max: number,
  keys: { required: MessageKey; short: MessageKey; long: MessageKey },
  { names = false } = {},
) {
  const present = z
    .string({ error: keys.required })
    .trim()
    .min(1, { error: keys.required, abort: true });
  return (names ? present.refine(isSafeText, safeCharacters) : present)
    .min(min, keys.short)
    .max(max, keys.long);
}

/** A name: a required text without unsafe characters. */
function requiredName(
  min: number,
  max: number,
  keys: { required: MessageKey; short: MessageKey; long: MessageKey },
) {
  return requiredText(min, max, keys, { names: true });
}

/** An optional text, trimmed, at most max characters; empty becomes undefined. */
function optionalText(max: number, longKey: MessageKey) {
  return z
    .string()
    .trim()
    .refine(isSafeText, safeCharacters)
    .max(max, longKey)
    .optional()
    .transform((value) => value || undefined);
}

// Team, collection, file

/** Lowercase letters, digits and hyphens, not starting or ending with a hyphen. */
export const ALIAS_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** A team alias: trimmed and lowercased before it is checked. */
export const aliasSchema = requiredText(ALIAS_MIN, ALIAS_MAX, {
  required: "aliasRequired",
  short: "aliasShort",
  long: "aliasLong",
})
  .toLowerCase()
  .regex(ALIAS_PATTERN, "policyAlias");

export const teamNameSchema = requiredName(NAME_MIN, NAME_MAX, {
  required: "teamNameRequired",
  short: "teamNameShort",
  long: "teamNameLong",
});

/** Trimmed like the collection description, so a blank one is none. */
export const teamDescriptionSchema = optionalText(DESCRIPTION_MAX, "teamDescriptionLong");

export const collectionNameSchema = requiredName(NAME_MIN, NAME_MAX, {
  required: "collectionNameRequired",
  short: "collectionNameShort",
  long: "collectionNameLong",
});

export const collectionDescriptionSchema = optionalText(
  DESCRIPTION_MAX,
  "collectionDescriptionLong",
);

export const fileNameSchema = requiredName(NAME_MIN, NAME_MAX, {
  required: "fileNameRequired",
  short: "fileNameShort",
  long: "fileNameLong",
});

/**
 * A file's rename (docs/product.md#files): the name before the extension follows the file name
 * rule (2 to 50, its keys); the saved name is that and the file's extension, as the file has it,
 * and it passes the rule an uploaded file's name passes (fileNameProblem: no slashes or control
 * characters, no extension a browser runs, as a file uploaded without an extension could get).
 */
export function fileRenameSchema(extension: string) {
  return z
    .string({ error: "fileNameRequired" })
    .transform((typed) => fileNameBase(typed, extension))
    .pipe(fileNameSchema)
    .transform((base) => base + extension)
    .superRefine((name, context) => {
      const problem = fileNameProblem(name);
      if (problem) context.addIssue({ code: "custom", message: problem });
    });
}

/**
 * A file name as a client sends it, before the file (and so its extension) is known: the file
 * name rule with room for an extension; fileRenameSchema then checks the name before it.
 */
export const fileNameInputSchema = requiredName(NAME_MIN, NAME_MAX + FILE_EXTENSION_MAX + 1, {
  required: "fileNameRequired",
  short: "fileNameShort",
  long: "fileNameLong",
});

// People

/**
 * Letters (accented ones too, precomposed or with combining marks), digits, spaces,
 * hyphens, dots and apostrophes (straight or typographic).
 */
export const NICKNAME_PATTERN = /^[\p{L}\p{M}0-9 .'’-]+$/u;

/** Nickname at sign-up, invitation and member rename. */
export const nicknameSchema = requiredName(NAME_MIN, NAME_MAX, {
  required: "nicknameRequired",
  short: "nicknameShort",
  long: "nicknameLong",
}).regex(NICKNAME_PATTERN, "policyNickname");

/** Nickname when creating a team: optional, blank becomes undefined. */
export const optionalNicknameSchema = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  nicknameSchema.optional(),
);

/**
 * First or last name on the profile, a rule of our own (docs/product.md#validation): optional,
 * the names' 50 characters at most, the nickname's letters; blank clears it (null).
 */
export const personNameSchema = z
  .string()
  .trim()
  .refine(isSafeText, safeCharacters)
  .max(NAME_MAX, "personNameLong")
  .refine((value) => value === "" || NICKNAME_PATTERN.test(value), { error: "policyPersonName" })
  .transform((value) => value || null);

/** ASCII letters, digits and dots: internal members type it on the mobile app. */
export const USERNAME_PATTERN = /^[A-Za-z0-9.]+$/;

/** An internal member's username. The form accepts 2 characters; the server asks for 3. */
export const usernameSchema = requiredName(NAME_MIN, NAME_MAX, {
  required: "usernameRequired",
  short: "usernameShort",
  long: "usernameLong",
}).regex(USERNAME_PATTERN, "policyUsername");

/** local@domain.tld, with a top-level domain of at least 2 letters. */
export const EMAIL_PATTERN =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i;

/** Trimmed and lowercased. */
export const emailSchema = z
  .string({ error: "emailRequired" })
  .trim()
  .toLowerCase()
  .min(1, { error: "emailRequired", abort: true })
  .max(EMAIL_MAX, { error: "invalidEmail", abort: true })
  .regex(EMAIL_PATTERN, "invalidEmail");

export const preferredNameSchema = z
  .string({ error: "preferredNameRequired" })
  .trim()
  .min(1, { error: "preferredNameRequired", abort: true })
  .refine(isSafeText, safeCharacters)
  .max(PREFERRED_NAME_MAX, "preferredNameLong");

/** A role an administrator can give; never owner. */
export const roleSchema = z.enum(ASSIGNABLE_ROLES, { error: "roleRequired" });

/** A terms checkbox: true, or "on" as a form posts it. */
export const termsSchema = z
  .literal([true, "on"], { error: "termsRequired" })
  .transform(() => true as const);

/**
 * "I am 16 or older" (MINIMUM_AGE), required wherever an account is made, beside the terms
 * (docs/decisions/096-sign-up-asks-the-minimum-age.md): true, or "on" as a form posts it.
 */
export const ageSchema = z
  .literal([true, "on"], { error: "ageRequired" })
  .transform(() => true as const);

// Passwords and sign-in

/** The character classes a new password needs. */
export const PASSWORD_CLASSES = {
  digit: /[0-9]/,
  lowercase: /\p{Ll}/u,
  uppercase: /\p{Lu}/u,
  /** Anything that is not a letter, a digit or white space. */
  special: /[^\p{L}\p{N}\s]/u,
} as const;
export type PasswordClass = keyof typeof PASSWORD_CLASSES;

/** Which classes a password has, e.g. for a checklist under the field. */
export function passwordClasses(password: string): Record<PasswordClass, boolean> {
  return {
    digit: PASSWORD_CLASSES.digit.test(password),
    lowercase: PASSWORD_CLASSES.lowercase.test(password),
    uppercase: PASSWORD_CLASSES.uppercase.test(password),
    special: PASSWORD_CLASSES.special.test(password),
  };
}

const passwordKeys = {
  required: "passwordRequired",
  short: "passwordShort",
  long: "passwordLong",
} as const;

/** A new password: at sign-up, reset and forced new password. */
export const passwordSchema = requiredText(PASSWORD_MIN, PASSWORD_MAX, passwordKeys).refine(
  (password) => Object.values(passwordClasses(password)).every(Boolean),
  "policyPassword",
);

/**
 * The password at sign-in: length only. Trimmed too, since new passwords are stored
 * trimmed, so the same typing signs in.
 */
export const signInPasswordSchema = requiredText(PASSWORD_MIN, PASSWORD_MAX, passwordKeys);

/**
 * Checks `confirmPassword` against the password field: required once a password is
 * entered, and equal to it. Issues go on path confirmPassword.
 */
export function confirmPasswordRefinement(passwordField = "password") {
  return (data: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
    const password = text(data[passwordField]);
    const confirm = text(data.confirmPassword);
    if (confirm === "") {
      if (password !== "") {
        ctx.addIssue({
          code: "custom",
          message: "confirmPasswordRequired",
          path: ["confirmPassword"],
        });
      }
    } else if (confirm !== password) {
      ctx.addIssue({ code: "custom", message: "passwordMatch", path: ["confirmPassword"] });
    }
  };
}

/**
 * Adds a `confirmPassword` field to a form schema and checks it, even when other fields
 * fail, so every error shows at once.
 */
export function withConfirmPassword<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  passwordField = "password",
) {
  return schema
    .extend({ confirmPassword: z.string().trim().optional() })
    .superRefine(confirmPasswordRefinement(passwordField), { when: isObjectPayload });
}

/** For refinements that must run even when other fields failed: whenever there is an object. */
export function isObjectPayload(payload: { value: unknown }) {
  return typeof payload.value === "object" && payload.value !== null;
}

/** Email or username at sign-in. */
export const signInIdentifierSchema = z
  .string({ error: "emailUsernameRequired" })
  .trim()
  .min(1, { error: "emailUsernameRequired" });

/** An identifier that looks like an email is sent as email (lowercased), else as username. */
export function classifySignInIdentifier(value: string): { email: string } | { username: string } {
  const identifier = value.trim();
  return EMAIL_PATTERN.test(identifier)
    ? { email: identifier.toLowerCase() }
    : { username: identifier };
}

// Images

/**
 * A logo or avatar file: a raster image of at most 3 MB. The imageSize issue carries
 * params.maxBytes so its text can show the limit. The value is passed through unchanged.
 */
export const imageFileSchema = z
  .custom<ImageFileLike>(isImageFileLike, { error: "imageFile" })
  .refine((file) => imageFileProblem(file) !== "imageFile", { error: "imageFile", abort: true })
  .refine((file) => imageFileProblem(file) !== "imageSize", {
    error: "imageSize",
    params: { maxBytes: IMAGE_MAX_BYTES },
  });

/** A logo or avatar link: a valid URL, https only. */
export const imageLinkSchema = z
  .string({ error: "imageURLFormat" })
  .trim()
  .refine((link) => URL.canParse(link), { error: "imageURLFormat", abort: true })
  .refine((link) => new URL(link).protocol === "https:", "imageURLHttps");

// Links

/** Query parameters each emailed or shared link needs, and the message when one is missing. */
export const LINK_REQUIREMENTS = {
  reset: { params: ["email", "code"], error: "invalidResetLink" },
  verify: { params: ["email", "code", "username"], error: "invalidVerification" },
  accept: { params: ["key"], error: "invalidAcceptToken" },
  reject: { params: ["key"], error: "invalidRejectToken" },
  unsubscribe: { params: ["email", "token"], error: "invalidUnsubscribe" },
  download: { params: ["downloadId"], error: "invalidDownload" },
} as const satisfies Record<string, { params: readonly string[]; error: ClientMessageKey }>;
export type LinkKind = keyof typeof LINK_REQUIREMENTS;

/** The message key when a link lacks a required (non-blank) parameter, otherwise null. */
export function linkError(
  kind: LinkKind,
  params: URLSearchParams | Readonly<Record<string, string | null | undefined>>,
): ClientMessageKey | null {
  const { params: names, error } = LINK_REQUIREMENTS[kind];
  const read = (name: string) =>
    params instanceof URLSearchParams ? params.get(name) : params[name];
  return names.every((name) => (read(name) ?? "").trim() !== "") ? null : error;
}
