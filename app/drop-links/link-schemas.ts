import { z } from "zod";
import {
  ASK_NAME_OPTIONS,
  DROP_MESSAGE_MAX,
  DROP_PIN_PATTERN,
  DROP_TITLE_MAX,
  GUEST_MAX_FILES_LIMIT,
  GUESTS_SEE_OPTIONS,
} from "#domain/drop-links.ts";
import { isTimeZone, zonedInstant } from "#domain/time-zones.ts";
import { isSafeText } from "#domain/validation.ts";

/*
 * A drop link's form (ADR 097), new and edit alike: the browser checks it with this schema, the
 * action again. Messages are keys of the links namespace's `form.errors`. The deadline is a
 * wall-clock time (a datetime-local input) in the chosen time zone; it must be in the future.
 */

/** The per-guest size limit is typed in MB (MiB), at least 1. */
export const GUEST_MAX_MB_LIMIT = 1_000_000;

const title = z
  .string({ error: "titleRequired" })
  .trim()
  .min(1, { error: "titleRequired", abort: true })
  .refine(isSafeText, { error: "invalidCharacters", abort: true })
  .pipe(z.string().max(DROP_TITLE_MAX, "titleLong"));

export const DropLinkFormSchema = z
  .object({
    title,
    message: z
      .string()
      .trim()
      .refine(isSafeText, "invalidCharacters")
      .pipe(z.string().max(DROP_MESSAGE_MAX, "messageLong"))
      .optional(),
    deadline: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, "deadlineInvalid")
      .transform((value) => value.slice(0, 16))
      .optional(),
    timeZone: z.string({ error: "timeZoneInvalid" }).refine(isTimeZone, "timeZoneInvalid"),
    pin: z.string().trim().regex(DROP_PIN_PATTERN, "pinInvalid").optional(),
    removePin: z.literal("on").optional(),
    askName: z.enum(ASK_NAME_OPTIONS, { error: "choiceRequired" }),
    askEmail: z.literal("on").optional(),
    guestMaxFiles: z
      .number({ error: "numberInvalid" })
      .int("numberInvalid")
      .min(1, "filesRange")
      .max(GUEST_MAX_FILES_LIMIT, "filesRange")
      .optional(),
    guestMaxMb: z
      .number({ error: "numberInvalid" })
      .int("numberInvalid")
      .min(1, "mbRange")
      .max(GUEST_MAX_MB_LIMIT, "mbRange")
      .optional(),
    guestsSee: z.enum(GUESTS_SEE_OPTIONS, { error: "choiceRequired" }),
    holdForReview: z.literal("on").optional(),
  })
  .superRefine(
    (form, context) => {
      if (form.deadline === undefined) return;
      const at = zonedInstant(form.deadline, form.timeZone);
      if (at === null) {
        context.addIssue({ code: "custom", path: ["deadline"], message: "deadlineInvalid" });
      } else if (at <= Date.now()) {
        context.addIssue({ code: "custom", path: ["deadline"], message: "deadlineInPast" });
      }
    },
    {
      // Checked beside the other fields' errors, once the deadline and its zone are each valid.
      when: (payload) =>
        !payload.issues.some(
          (issue) => issue.path?.[0] === "deadline" || issue.path?.[0] === "timeZone",
        ),
    },
  );

export type DropLinkForm = z.output<typeof DropLinkFormSchema>;
