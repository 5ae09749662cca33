import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { Flex, Text } from "#app/components/layout.tsx";
import { Trans, useTranslation } from "#app/i18n/react.tsx";
import { FieldErrors } from "./forms.tsx";

/**
 * "I accept the Terms and the Privacy Policy", required wherever an account is made
 * (docs/product.md#validation): sign-up, and the invitation's registration form. A native checkbox:
 * Radix's is a button that needs JavaScript to toggle.
 */
export function TermsField<Schema>({ meta }: { meta: FieldMetadata<Schema> }) {
  const { t } = useTranslation("auth");
  const terms = getInputProps(meta, { type: "checkbox" });
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" htmlFor={terms.id}>
        <Flex gap="2" align="start">
          <input {...terms} key={terms.key} className="native-checkbox" />
          <span>
            <Trans
              t={t}
              i18nKey="signUp.terms"
              components={{
                terms: <Link to="/terms" target="_blank" className="inline-link" />,
                privacy: <Link to="/privacy" target="_blank" className="inline-link" />,
              }}
            />
          </span>
        </Flex>
      </Text>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </Flex>
  );
}

/**
 * "I am 16 or older", beside the terms wherever an account is made
 * (docs/decisions/096-sign-up-asks-the-minimum-age.md). A native checkbox, as the terms'.
 */
export function AgeField<Schema>({ meta }: { meta: FieldMetadata<Schema> }) {
  const { t } = useTranslation("auth");
  const age = getInputProps(meta, { type: "checkbox" });
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" htmlFor={age.id}>
        <Flex gap="2" align="start">
          <input {...age} key={age.key} className="native-checkbox" />
          <span>{t("signUp.age")}</span>
        </Flex>
      </Text>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </Flex>
  );
}
