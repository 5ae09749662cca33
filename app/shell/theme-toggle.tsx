import { Form } from "@remix-run/react";
import type { FormEvent } from "react";
import { Theme, useTheme } from "remix-themes/build/theme-provider.js";
import { IconButton } from "#app/components/button.tsx";
import { Icon } from "#app/components/icon.tsx";
import { useTranslation } from "#app/i18n/react.tsx";

/**
 * A plain form post that stores the choice and redirects back; with JavaScript, remix-themes
 * switches at once and stores the choice in the background. Both buttons are rendered and CSS shows
 * the one that fits the current theme, so server and browser agree even when only the browser knows
 * the system preference.
 */
export function ThemeToggle({ path }: { path: string }) {
  const { t } = useTranslation();
  const [, setTheme] = useTheme();
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value !== Theme.DARK && submitter?.value !== Theme.LIGHT) return;
    event.preventDefault();
    setTheme(submitter.value);
  }
  return (
    <Form method="post" action="/resources/theme" onSubmit={onSubmit} reloadDocument>
      <input type="hidden" name="redirectTo" value={path} />
      <IconButton
        type="submit"
        name="theme"
        value={Theme.DARK}
        variant="ghost"
        color="gray"
        className="when-light"
        aria-label={t("theme.switchToDark")}
        title={t("theme.switchToDark")}
      >
        <Icon name="moon" size={18} />
      </IconButton>
      <IconButton
        type="submit"
        name="theme"
        value={Theme.LIGHT}
        variant="ghost"
        color="gray"
        className="when-dark"
        aria-label={t("theme.switchToLight")}
        title={t("theme.switchToLight")}
      >
        <Icon name="sun" size={18} />
      </IconButton>
    </Form>
  );
}
