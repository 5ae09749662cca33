import { PassThrough } from "node:stream";
import { createElement, Suspense } from "react";
import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { resources } from "#app/i18n/language.server.ts";
import { I18nProvider, Trans, useTranslation } from "#app/i18n/react.tsx";
import { type Catalogs, makeT } from "#app/i18n/translator.ts";

const catalogs: Catalogs = {
  en: {
    common: {
      hello: "Hello {{name}}",
      files_one: "{{count}} file",
      files_other: "{{count}} files",
      onlyEnglish: "English only",
      nested: { deep: { key: "Deep" } },
      sections: [{ title: "About {{product}}", body: ["Write to {{email}}"] }],
      invited: "<strong>{{inviter}}</strong> invited you to <strong>{{team}}</strong>.",
    },
    other: { title: "Other namespace" },
  },
  it: {
    common: {
      hello: "Ciao {{name}}",
      files_one: "{{count}} file",
      files_other: "{{count}} file in tutto",
      nested: { deep: { key: "Profondo" } },
    },
  },
};

describe("makeT", () => {
  const en = makeT(catalogs, "en");
  const it_ = makeT(catalogs, "it");

  it("fills placeholders and keeps those it has no value for", () => {
    expect(en("hello", { name: "Ada" })).toBe("Hello Ada");
    expect(it_("hello", { name: "Ada" })).toBe("Ciao Ada");
    expect(en("hello")).toBe("Hello {{name}}");
  });

  it("chooses the plural form by count, with the language's rules", () => {
    expect(en("files", { count: 1 })).toBe("1 file");
    expect(en("files", { count: 0 })).toBe("0 files");
    expect(en("files", { count: 7 })).toBe("7 files");
    expect(it_("files", { count: 1 })).toBe("1 file");
    expect(it_("files", { count: 2 })).toBe("2 file in tutto");
  });

  it("reads nested keys, other namespaces and a key prefix", () => {
    expect(it_("nested.deep.key")).toBe("Profondo");
    expect(en("other:title")).toBe("Other namespace");
    expect(makeT(catalogs, "en", "common", "nested.deep")("key")).toBe("Deep");
    expect(makeT(catalogs, "en", "other")("title")).toBe("Other namespace");
  });

  it("falls back to English, then to the default value, then to the key", () => {
    expect(it_("onlyEnglish")).toBe("English only");
    expect(en("missing.key", { defaultValue: "Plan {{name}}", name: "Team" })).toBe("Plan Team");
    expect(en("missing.key")).toBe("missing.key");
    // A message's own text with a colon is not taken for a namespace.
    expect(en("Bad input: try again")).toBe("Bad input: try again");
  });

  it("tries several keys in turn", () => {
    expect(en(["missing", "other:title", "hello"])).toBe("Other namespace");
    expect(en(["missing", "gone"])).toBe("gone");
  });

  it("returns a subtree with its strings filled in, when asked", () => {
    expect(en("sections", { returnObjects: true, product: "Raccolta", email: "a@b.it" })).toEqual([
      { title: "About Raccolta", body: ["Write to a@b.it"] },
    ]);
    // Without returnObjects, a subtree is not a translation.
    expect(en("nested")).toBe("nested");
  });

  it("translates the app's own catalogues", () => {
    const t = makeT(resources, "it", "files");
    expect(t("screen.back", { team: "Squadra" })).toBe("Torna a Squadra");
    expect(t("common:nav.signIn")).toBe("Accedi");
  });
});

function Invited({ inviter, team }: { inviter: string; team: string }) {
  const { t } = useTranslation();
  return createElement(Trans, {
    t,
    i18nKey: "invited",
    values: { inviter, team },
    components: { strong: createElement("strong") },
  });
}

function Title() {
  const { t, i18n } = useTranslation("other");
  return createElement("h1", { lang: i18n.language }, t("title"));
}

const render = (language: "en" | "it", element: ReturnType<typeof createElement>) =>
  renderToStaticMarkup(createElement(I18nProvider, { language, catalogs }, element));

describe("Trans", () => {
  it("wraps the marked pieces in the given elements", () => {
    expect(render("en", createElement(Invited, { inviter: "Ada", team: "Crew" }))).toBe(
      "<strong>Ada</strong> invited you to <strong>Crew</strong>.",
    );
  });

  it("keeps a value that looks like markup as text", () => {
    expect(render("en", createElement(Invited, { inviter: "<strong>x</strong>", team: "T" }))).toBe(
      "<strong>&lt;strong&gt;x&lt;/strong&gt;</strong> invited you to <strong>T</strong>.",
    );
  });
});

describe("useTranslation", () => {
  it("waits for a namespace the page has not loaded yet, then renders with it", async () => {
    const partial: Catalogs = { en: { common: {} } };
    const requested: string[] = [];
    const load = (language: "en" | "it", namespace: string) => {
      if (partial[language]?.[namespace]) return undefined;
      requested.push(`${language}/${namespace}`);
      return new Promise<void>((resolve) =>
        setTimeout(() => {
          partial[language] = { ...partial[language], [namespace]: { title: "Loaded" } };
          resolve();
        }, 10),
      );
    };
    const html = await new Promise<string>((resolve, reject) => {
      const element = createElement(
        I18nProvider,
        { language: "en", catalogs: partial, load },
        createElement(Suspense, { fallback: "loading" }, createElement(Title)),
      );
      const stream = renderToPipeableStream(element, {
        onAllReady() {
          let text = "";
          const sink = new PassThrough();
          sink.on("data", (chunk) => {
            text += chunk;
          });
          sink.on("end", () => resolve(text));
          stream.pipe(sink);
        },
        onError: reject,
      });
    });
    expect(html).toContain('<h1 lang="en">Loaded</h1>');
    expect(requested).toEqual(["en/other"]);
  });
});
