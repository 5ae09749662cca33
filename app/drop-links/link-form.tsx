import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import { type ReactNode, useEffect } from "react";
import { TextArea, TextField } from "#app/components/fields.tsx";
import { FieldErrors, FormSubmit, useSchemaForm } from "#app/components/forms.tsx";
import { Flex, Text } from "#app/components/layout.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { ASK_NAME_OPTIONS, GUESTS_SEE_OPTIONS } from "#domain/drop-links.ts";

const loadSchema = () => import("./link-schemas.ts").then((module) => module.DropLinkFormSchema);

export interface LinkFormDefaults {
  title?: string;
  message?: string;
  deadline?: string;
  timeZone: string;
  askName: string;
  askEmail?: string;
  guestMaxFiles?: string;
  guestMaxMb?: string;
  guestsSee: string;
  holdForReview?: string;
}

/**
 * A drop link's settings (ADR 097), new or edited: a real form that posts, checked in the browser
 * once JavaScript runs and again by the action. The deadline is a date and time in the zone
 * chosen beside it; a new link's zone starts as the browser's when JavaScript runs (else the
 * last one used, or UTC). Editing, a blank PIN keeps the one set, and a box removes it.
 */
export function LinkForm({
  id,
  defaults,
  zones,
  lastResult,
  editing,
  hasPin,
  submitLabel,
}: {
  id: string;
  defaults: LinkFormDefaults;
  zones: string[];
  lastResult: SubmissionResult<string[]> | undefined;
  editing: boolean;
  hasPin: boolean;
  submitLabel: string;
}) {
  const { t } = useTranslation("links");
  const format = (key: string) =>
    key.startsWith("errors.") ? t(`messages:${key}`) : t(`form.errors.${key}`);
  const [form, fields] = useSchemaForm(loadSchema, {
    id,
    lastResult,
    defaultValue: { ...defaults },
  });
  useBrowserTimeZone(editing ? null : fields.timeZone.id);
  return (
    <Form method="post" {...getFormProps(form)} className="link-form">
      <Flex direction="column" gap="5">
        <Labelled meta={fields.title} label={t("form.title")} format={format}>
          <TextField.Root
            size="3"
            {...getInputProps(fields.title, { type: "text" })}
            key={fields.title.key}
            autoComplete="off"
          />
        </Labelled>
        <Labelled
          meta={fields.message}
          label={t("form.message")}
          hint={t("form.messageHint")}
          format={format}
        >
          <TextArea
            size="3"
            rows={3}
            {...getTextareaProps(fields.message)}
            key={fields.message.key}
          />
        </Labelled>
        <fieldset className="choice-group">
          <legend>
            <Text size="2" weight="medium">
              {t("form.deadlineLegend")}
            </Text>
          </legend>
          <Labelled
            meta={fields.deadline}
            label={t("form.deadline")}
            hint={t("form.deadlineHint")}
            format={format}
          >
            <TextField.Root
              size="3"
              {...getInputProps(fields.deadline, { type: "datetime-local" })}
              key={fields.deadline.key}
            />
          </Labelled>
          <Labelled
            meta={fields.timeZone}
            label={t("form.timeZone")}
            hint={t("form.timeZoneHint")}
            format={format}
          >
            <select
              {...getSelectProps(fields.timeZone)}
              key={fields.timeZone.key}
              className="native-select"
            >
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll("_", " ")}
                </option>
              ))}
            </select>
          </Labelled>
        </fieldset>
        <Labelled
          meta={fields.pin}
          label={editing && hasPin ? t("form.newPin") : t("form.pin")}
          hint={editing && hasPin ? t("form.pinKeepHint") : t("form.pinHint")}
          format={format}
        >
          <TextField.Root
            size="3"
            {...getInputProps(fields.pin, { type: "text" })}
            key={fields.pin.key}
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
          />
        </Labelled>
        {editing && hasPin ? (
          <Text as="label" size="2" className="choice">
            <input
              {...getInputProps(fields.removePin, { type: "checkbox", value: "on" })}
              key={fields.removePin.key}
            />
            <span>{t("form.removePin")}</span>
          </Text>
        ) : null}
        <Choices
          meta={fields.askName}
          legend={t("form.askName")}
          options={ASK_NAME_OPTIONS.map((option) => ({
            value: option,
            label: t(`askName.${option}`),
            hint: t(`askName.${option}Hint`),
          }))}
          format={format}
        />
        <Check meta={fields.askEmail} label={t("form.askEmail")} hint={t("form.askEmailHint")} />
        <Flex gap="4" wrap="wrap" className="link-limits">
          <LimitField
            meta={fields.guestMaxFiles}
            label={t("form.guestMaxFiles")}
            hint={t("form.noLimitHint")}
            format={format}
          />
          <LimitField
            meta={fields.guestMaxMb}
            label={t("form.guestMaxMb")}
            hint={t("form.noLimitHint")}
            format={format}
          />
        </Flex>
        <Choices
          meta={fields.guestsSee}
          legend={t("form.guestsSee")}
          options={GUESTS_SEE_OPTIONS.map((option) => ({
            value: option,
            label: t(`guestsSee.${option}`),
            hint: t(`guestsSee.${option}Hint`),
          }))}
          format={format}
        />
        <Check
          meta={fields.holdForReview}
          label={t("form.holdForReview")}
          hint={t("form.holdForReviewHint")}
        />
        <FormSubmit form={form} end>
          {submitLabel}
        </FormSubmit>
      </Flex>
    </Form>
  );
}

/** A labelled control, its hint and its errors, tied together for assistive technology. */
function Labelled<Schema>({
  meta,
  label,
  hint,
  format,
  children,
}: {
  meta: FieldMetadata<Schema>;
  label: ReactNode;
  hint?: ReactNode;
  format: (key: string) => string;
  children: ReactNode;
}) {
  return (
    <Flex direction="column" gap="1" className="link-field">
      <Text as="label" size="2" weight="medium" htmlFor={meta.id}>
        {label}
      </Text>
      {children}
      {hint ? (
        <Text id={meta.descriptionId} size="1" color="gray">
          {hint}
        </Text>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} format={format} />
    </Flex>
  );
}

/** A whole number that may be left blank for no limit. */
function LimitField<Schema>({
  meta,
  label,
  hint,
  format,
}: {
  meta: FieldMetadata<Schema>;
  label: string;
  hint: string;
  format: (key: string) => string;
}) {
  return (
    <Labelled meta={meta} label={label} hint={hint} format={format}>
      <TextField.Root
        size="3"
        {...getInputProps(meta, { type: "text" })}
        key={meta.key}
        inputMode="numeric"
        autoComplete="off"
      />
    </Labelled>
  );
}

/** A check box with its one-line explanation. */
function Check<Schema>({
  meta,
  label,
  hint,
}: {
  meta: FieldMetadata<Schema>;
  label: string;
  hint: string;
}) {
  return (
    <Text as="label" size="2" className="choice">
      <input {...getInputProps(meta, { type: "checkbox", value: "on" })} key={meta.key} />
      <span>
        <Text as="span" size="2" weight="medium">
          {label}
        </Text>
        <Text as="span" size="1" color="gray">
          {hint}
        </Text>
      </span>
    </Text>
  );
}

/** Radio buttons, each with its one-line explanation. */
function Choices<Schema>({
  meta,
  legend,
  options,
  format,
}: {
  meta: FieldMetadata<Schema>;
  legend: string;
  options: { value: string; label: string; hint: string }[];
  format: (key: string) => string;
}) {
  return (
    <fieldset className="choice-group">
      <legend>
        <Text size="2" weight="medium">
          {legend}
        </Text>
      </legend>
      {options.map((option) => (
        <label key={option.value} className="choice">
          <input
            {...getInputProps(meta, { type: "radio", value: option.value })}
            key={option.value}
            aria-describedby={`${meta.id}-${option.value}-hint`}
          />
          <span>
            <Text as="span" size="2" weight="medium">
              {option.label}
            </Text>
            <Text as="span" size="1" color="gray" id={`${meta.id}-${option.value}-hint`}>
              {option.hint}
            </Text>
          </span>
        </label>
      ))}
      <FieldErrors id={meta.errorId} errors={meta.errors} format={format} />
    </fieldset>
  );
}

/**
 * A new link's zone starts as the browser's: once JavaScript runs, the select takes it when it
 * offers it and the visitor has not chosen one yet.
 */
function useBrowserTimeZone(selectId: string | null) {
  useEffect(() => {
    if (!selectId) return;
    const select = document.getElementById(selectId);
    if (!(select instanceof HTMLSelectElement) || select.dataset.chosen) return;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone || zone === select.value) return;
    if (![...select.options].some((option) => option.value === zone)) return;
    select.value = zone;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  }, [selectId]);
}
