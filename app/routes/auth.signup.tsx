import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Button, Flex, Link as RadixLink, Text } from "@radix-ui/themes";
import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { z } from "zod";
import { AuthCard } from "#app/components/auth-card.tsx";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";
import { Field, FieldErrors, FormErrors } from "#app/components/forms.tsx";
import { authApi } from "#app/services/api/auth.server.ts";
import { attempt } from "#app/services/api/client.server.ts";
import { requireGuest } from "#app/services/auth.server.ts";
import { formRefusal } from "#app/services/forms.server.ts";
import { i18nServer } from "#app/services/i18n.server.ts";
import { pageTitle, rootProductName } from "#app/services/meta.ts";
import { SIGN_UP_NICKNAME_INPUT_MAX } from "#domain/constants.ts";
import {
  confirmPasswordRefinement,
  emailSchema,
  isObjectPayload,
  nicknameSchema,
  normalizeSignUpNicknameInput,
  passwordSchema,
  termsSchema,
} from "#domain/validation.ts";

export const handle = { i18n: ["common", "auth", "messages"] };

const SignUpSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string().trim().optional(),
    nickname: z.preprocess(
      (value) => (typeof value === "string" ? normalizeSignUpNicknameInput(value) : value),
      nicknameSchema,
    ),
    terms: termsSchema,
  })
  .superRefine(confirmPasswordRefinement("password"), { when: isObjectPayload });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireGuest(request, context);
  const t = await i18nServer.getFixedT(request, "auth");
  const query = new URL(request.url).searchParams;
  return {
    // Links from the early-access mail prefill the form.
    email: query.get("beta-access-email") ?? "",
    nickname: normalizeSignUpNicknameInput(query.get("beta-access-name") ?? ""),
    title: t("signUp.metaTitle"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireGuest(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: SignUpSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields }), { status: 400 });
  }
  const { email, password, nickname } = submission.value;
  const locale = await i18nServer.getLocale(request);
  const signedUp = await attempt(
    authApi.signUp(context, { email, password, nickname, locale: locale === "it" ? "it" : "en" }),
  );
  if (signedUp.refusal) return formRefusal(submission, signedUp.refusal, { hideFields });
  const { body } = signedUp.value;
  const next = new URLSearchParams({ email: body.email ?? email, username: body.username });
  return redirect(`/auth/check-email?${next}`, { status: 303 });
}

export default function SignUpPage() {
  const { t } = useTranslation("auth");
  const { email, nickname } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "sign-up",
    lastResult,
    defaultValue: { email, nickname },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignUpSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const terms = getInputProps(fields.terms, { type: "checkbox" });
  return (
    <AuthCard title={t("signUp.title")}>
      <Form method="post" {...getFormProps(form)}>
        <Flex direction="column" gap="4">
          <Field meta={fields.email} label={t("fields.email")} type="email" autoComplete="email" />
          <Field
            meta={fields.password}
            label={t("fields.password")}
            type="password"
            autoComplete="new-password"
            hint={t("fields.passwordHint")}
          />
          <Field
            meta={fields.confirmPassword}
            label={t("fields.confirmPassword")}
            type="password"
            autoComplete="new-password"
          />
          <Field
            meta={fields.nickname}
            label={t("fields.nickname")}
            hint={t("fields.nicknameHint")}
            autoComplete="nickname"
            maxLength={SIGN_UP_NICKNAME_INPUT_MAX}
            onInput={(event) => {
              const input = event.currentTarget;
              const normalized = normalizeSignUpNicknameInput(input.value);
              if (normalized !== input.value) input.value = normalized;
            }}
          />
          <Flex direction="column" gap="1">
            <Text as="label" size="2" htmlFor={terms.id}>
              <Flex gap="2" align="start">
                {/* A native checkbox: Radix's is a button that needs JavaScript to toggle. */}
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
            <FieldErrors id={fields.terms.errorId} errors={fields.terms.errors} />
          </Flex>
          <FormErrors id={form.errorId} errors={form.errors} />
          <Button type="submit" size="3" loading={busy}>
            {t("signUp.submit")}
          </Button>
        </Flex>
      </Form>
      <Text size="2">
        {t("signUp.haveAccount")}{" "}
        <RadixLink asChild underline="always">
          <Link to="/auth/signin">{t("signUp.signIn")}</Link>
        </RadixLink>
      </Text>
    </AuthCard>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitle(rootProductName(matches), data?.title);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
