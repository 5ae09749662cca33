import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button } from "#app/components/button.tsx";
import { TextArea } from "#app/components/fields.tsx";
import { Field, FieldErrors, FormSubmit, useSchemaForm } from "#app/components/forms.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { RouteDialog } from "#app/components/route-dialog.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { useMessage } from "#app/i18n/use-message.ts";
import { DEFAULT_TEAM_MODE, TEAM_MODES } from "#domain/roles.ts";

const loadCreateTeamSchema = () =>
  import("./create-team.schemas.ts").then((module) => module.CreateTeamSchema);

/**
 * The button that opens the dialog: a link to the team list it sits on with `?create` (ADR 013),
 * keeping the list's search.
 */
export function CreateTeamLink({ path, q }: { path: string; q: string }) {
  const { t } = useTranslation("teams");
  return (
    <Button asChild size="3">
      <Link to={`${path}?${new URLSearchParams({ ...(q ? { q } : {}), create: "" })}`}>
        {t("list.create")}
      </Link>
    </Button>
  );
}

/**
 * The create-team dialog over a team list (`/teams?create`, `/switch-team?create`): name,
 * description, your nickname in the team and its mode. It posts to `action`, the list's own
 * route, so a refused form renders again over the same list.
 */
export function CreateTeamDialog({
  action,
  closeTo,
  lastResult,
}: {
  action: string;
  closeTo: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("teams");
  const message = useMessage();
  const submitting = useNavigation().formAction;
  const busy = submitting !== undefined && submitting.split("?")[0] === action.split("?")[0];
  const [form, fields] = useSchemaForm(loadCreateTeamSchema, {
    id: "create-team",
    lastResult,
    defaultValue: { mode: DEFAULT_TEAM_MODE },
  });
  const descriptionHint = `${fields.description.id}-hint`;
  return (
    <RouteDialog title={t("create.title")} closeTo={closeTo} closeLabel={t("create.close")}>
      <Form method="post" action={action} {...getFormProps(form)}>
        <Flex direction="column" gap="4">
          <Field meta={fields.name} label={t("create.name")} autoFocus autoComplete="off" />
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor={fields.description.id}>
              {t("create.description")}
            </Text>
            <TextArea
              size="3"
              {...getTextareaProps(fields.description, { ariaDescribedBy: descriptionHint })}
            />
            <Text id={descriptionHint} size="1" color="gray">
              {t("create.descriptionHint")}
            </Text>
            <FieldErrors
              id={fields.description.errorId}
              errors={fields.description.errors}
              format={message}
            />
          </Flex>
          <Field
            meta={fields.nickname}
            label={t("create.nickname")}
            hint={t("create.nicknameHint")}
            autoComplete="nickname"
          />
          <fieldset className="choice-group">
            <legend>
              <Text size="2" weight="medium">
                {t("create.mode")}
              </Text>
            </legend>
            {TEAM_MODES.map((mode) => (
              <label key={mode} className="choice">
                <input
                  {...getInputProps(fields.mode, { type: "radio", value: mode })}
                  key={mode}
                  aria-describedby={`${fields.mode.id}-${mode}-hint`}
                />
                <span>
                  <Text as="span" size="2" weight="medium">
                    {t(`modes.${mode}`)}
                  </Text>
                  <Text as="span" size="1" color="gray" id={`${fields.mode.id}-${mode}-hint`}>
                    {t(`modes.${mode}Hint`)}
                  </Text>
                </span>
              </label>
            ))}
          </fieldset>
          <FormSubmit form={form} busy={busy} end>
            {t("create.submit")}
          </FormSubmit>
        </Flex>
      </Form>
    </RouteDialog>
  );
}
