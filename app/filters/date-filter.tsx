import { Link } from "@remix-run/react";
import { type ChangeEvent, useEffect, useId, useState } from "react";
import { Flex, Text } from "#app/components/layout.tsx";
import { TextLink } from "#app/components/text-link.tsx";
import { useTranslation } from "#app/i18n/react.tsx";
import { useMessage } from "#app/i18n/use-message.ts";
import { dateRangeError } from "./date-range.ts";

/** Today as YYYY-MM-DD in the visitor's own calendar (the server renders UTC's). */
function localToday() {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/**
 * The from/to date filter (docs/product.md#screens, Date filter): two pickers (the browser's own
 * date input, which works without JavaScript), no future days (`max`, rendered by the server: today
 * in UTC, ADR 027), a clear link, and an error when from is after to or a day is in the future.
 * It renders fields only: put it inside the page's GET <Form>. With JavaScript a change submits
 * that form at once (when the range is possible); without it the form's own submit button
 * applies it. Strings are in the "collections" namespace.
 */
export function DateFilter({
  from,
  to,
  fromName = "from",
  toName = "to",
  clearHref,
  max,
  autoSubmit = true,
}: {
  /** The applied days, YYYY-MM-DD or "". */
  from: string;
  to: string;
  /** The GET form's field names. */
  fromName?: string;
  toName?: string;
  /** The address without the dates (shown while either is set). */
  clearHref: string;
  /** The latest day offered (YYYY-MM-DD); today by default. */
  max?: string;
  autoSubmit?: boolean;
}) {
  const { t } = useTranslation("collections");
  const message = useMessage();
  const id = useId();
  const [values, setValues] = useState({ from, to });
  const [latest, setLatest] = useState(max ?? "");
  useEffect(() => setValues({ from, to }), [from, to]);
  useEffect(() => {
    if (!max) setLatest(localToday());
  }, [max]);
  const error = dateRangeError(values.from, values.to, latest);
  const invalid = error !== null;
  const errorId = `${id}-error`;

  const change = (name: "from" | "to") => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [name]: event.currentTarget.value };
    setValues(next);
    const form = event.currentTarget.form;
    if (autoSubmit && form && dateRangeError(next.from, next.to, latest) === null) {
      form.requestSubmit();
    }
  };

  return (
    <fieldset className="date-filter">
      <legend>
        <Text size="2" weight="medium">
          {t("dateFilter.legend")}
        </Text>
      </legend>
      <Flex gap="3" align="end" wrap="wrap">
        {(["from", "to"] as const).map((name) => (
          <Flex direction="column" gap="1" key={name}>
            <Text as="label" size="1" htmlFor={`${id}-${name}`}>
              {t(`dateFilter.${name}`)}
            </Text>
            <input
              id={`${id}-${name}`}
              className="native-select"
              type="date"
              name={name === "from" ? fromName : toName}
              value={values[name]}
              max={latest || undefined}
              onChange={change(name)}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? errorId : undefined}
            />
          </Flex>
        ))}
        {from || to ? (
          <TextLink asChild size="2" mb="2">
            <Link to={clearHref} preventScrollReset>
              {t("dateFilter.clear")}
            </Link>
          </TextLink>
        ) : null}
      </Flex>
      <div id={errorId} aria-live="polite">
        {invalid ? (
          <Text as="p" size="2" color="red" mt="1">
            {message(error ?? "")}
          </Text>
        ) : null}
      </div>
    </fieldset>
  );
}
