import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { invitationMail, type MailLocale } from "#api/mail/templates.ts";
import { ASSIGNABLE_ROLES, ROLES } from "#domain/roles.ts";

/*
 * One word for one thing (docs/product.md#what-it-is): a collection is never a folder, and a role
 * has one name, the one the app shows (teams.json `roles`), in the app, the legal pages and the
 * mails alike. The API's role ids (uploader, upviewer) are never shown.
 */

const root = path.resolve(import.meta.dirname, "../../app/locales");
const languages = ["en", "it"] as const satisfies readonly MailLocale[];

type Tree = { [key: string]: string | Tree };
function strings(tree: Tree): string[] {
  return Object.values(tree).flatMap((value) =>
    typeof value === "string" ? [value] : strings(value),
  );
}
function load(language: string, namespace: string): Tree {
  return JSON.parse(fs.readFileSync(path.join(root, language, namespace), "utf8"));
}
const namespaces = fs.readdirSync(path.join(root, "en")).filter((file) => file.endsWith(".json"));
const roleNames = (language: string) =>
  load(language, "teams.json").roles as Record<string, string>;

describe("the product's words", () => {
  for (const language of languages) {
    it(`${language}: no string calls a collection a folder`, () => {
      const folder = language === "en" ? /\bfolders?\b/i : /\bcartell[ae]\b/i;
      for (const namespace of namespaces) {
        for (const text of strings(load(language, namespace))) {
          expect(text, `${language}/${namespace}`).not.toMatch(folder);
        }
      }
    });

    it(`${language}: no string shows a role's id instead of its name`, () => {
      for (const namespace of namespaces) {
        for (const text of strings(load(language, namespace))) {
          expect(text, `${language}/${namespace}`).not.toMatch(/\bupviewers?\b|\buploaders\b/i);
          expect(text, `${language}/${namespace}`).not.toMatch(/\bruolo (uploader|viewer)\b/i);
        }
      }
    });

    it(`${language}: the terms name the roles as the app does`, () => {
      const terms = strings(load(language, "legal.json")).join("\n");
      for (const role of ROLES) expect(terms).toContain(roleNames(language)[role]);
    });

    it(`${language}: the invitation mail names the role as the app does`, () => {
      for (const role of ASSIGNABLE_ROLES) {
        const mail = invitationMail({
          locale: language,
          productName: "Raccolta",
          to: "bea@example.com",
          teamName: "Book Club",
          inviterName: "Olga",
          role,
          acceptLink: "https://raccolta.example/accept",
          rejectLink: "https://raccolta.example/reject",
        });
        const name = roleNames(language)[role] ?? "";
        expect(name).not.toBe("");
        expect(mail.text).toContain(`, ${language === "en" ? "as" : "come"} ${name}.`);
      }
    });
  }
});
