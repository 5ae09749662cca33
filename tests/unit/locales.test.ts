import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLIENT_MESSAGE_KEYS, ERROR_CODES } from "#domain/errors.ts";
import { MESSAGE_KEYS } from "#domain/validation.ts";

/** Every user-facing string exists in English and Italian, with the same placeholders. */

const root = path.resolve(import.meta.dirname, "../../app/locales");
const languages = fs.readdirSync(root);
const namespaces = fs.readdirSync(path.join(root, "en")).filter((file) => file.endsWith(".json"));

type Tree = { [key: string]: string | Tree };
function load(language: string, namespace: string): Tree {
  return JSON.parse(fs.readFileSync(path.join(root, language, namespace), "utf8"));
}
function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") entries.set(name, value);
    else for (const [k, v] of flatten(value, name)) entries.set(k, v);
  }
  return entries;
}
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe("locales", () => {
  it("are English and Italian", () => {
    expect(languages.sort()).toEqual(["en", "it"]);
  });

  for (const namespace of namespaces) {
    it(`${namespace} has the same keys and placeholders in every language, none empty`, () => {
      const english = flatten(load("en", namespace));
      for (const language of languages) {
        const other = flatten(load(language, namespace));
        expect([...other.keys()].sort(), `${language}/${namespace}`).toEqual(
          [...english.keys()].sort(),
        );
        for (const [key, text] of other) {
          expect(text.trim(), `${language}/${namespace}: ${key}`).not.toBe("");
          expect(placeholders(text), `${language}/${namespace}: ${key}`).toEqual(
            placeholders(english.get(key) ?? ""),
          );
        }
      }
    });
  }

  it("translate every validation message key of the domain rules", () => {
    for (const language of languages) {
      const validation = load(language, "messages.json").validation as Tree;
      expect(Object.keys(validation).sort()).toEqual([...MESSAGE_KEYS].sort());
    }
  });

  it("translate every server error code and client message key", () => {
    for (const language of languages) {
      const errors = load(language, "messages.json").errors as Tree;
      for (const key of [
        ...ERROR_CODES,
        ...CLIENT_MESSAGE_KEYS,
        "noConnection",
        "invalidRequest",
      ]) {
        expect(errors[key], `${language}: errors.${key}`).toEqual(expect.any(String));
      }
    }
  });
});
