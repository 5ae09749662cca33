import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { Button } from "#app/components/button.tsx";
import { Field, FormErrors, useSchemaForm } from "#app/components/forms.tsx";
import { useHydrated } from "#app/components/hydrated.ts";
import { Flex } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

import type { ProfileSchema } from "./schemas.ts";

const loadProfileSchema = () => import("./schemas.ts").then((module) => module.ProfileSchema);

/** First name, last name and nickname; saving waits for a change (with JavaScript). */
export function ProfileForm({
  profile,
  lastResult,
}: {
  profile: Omit<z.input<typeof ProfileSchema>, "intent">;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("profile");
  const busy = useNavigation().formData?.get("intent") === "profile";
  const hydrated = useHydrated();
  const [form, fields] = useSchemaForm(loadProfileSchema, {
    id: "profile",
    lastResult,
    defaultValue: profile,
  });
  return (
    <Form method="post" action="/profile" {...getFormProps(form)}>
      <Flex direction="column" gap="4">
        <input type="hidden" name="intent" value="profile" />
        <Field meta={fields.firstName} label={t("fields.firstName")} autoComplete="given-name" />
        <Field meta={fields.lastName} label={t("fields.lastName")} autoComplete="family-name" />
        <Field
          meta={fields.nickname}
          label={t("fields.nickname")}
          hint={t("fields.nicknameHint")}
          autoComplete="nickname"
        />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Flex justify="end">
          {/* Without JavaScript the button is always on; the server saves only changes. */}
          <Button type="submit" size="3" loading={busy} disabled={hydrated && !form.dirty}>
            {t("save")}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
