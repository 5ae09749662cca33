import { defaultNS, fallbackLanguage, type Locale } from "./config.ts";

/**
 * The app's translations: one language's namespaces (`app/locales/<language>/<namespace>.json`),
 * each a tree of keys whose leaves are strings. The same code translates on the server and in the
 * browser (ADR 038); it does what our locale files use of i18next's format and nothing more:
 *
 * - `namespace:key.path`, or the namespace the translator was made for;
 * - `{{name}}` filled from the options (a value not given leaves the placeholder, as i18next did);
 * - plurals as `key_one` / `key_other`, chosen by `count` with the language's Intl.PluralRules;
 * - `defaultValue` when no language has the key, else the key itself;
 * - `returnObjects` for a subtree (the legal pages' sections), its strings filled in.
 *
 * A key the language lacks is looked up in English.
 */
export type Catalog = Record<string, unknown>;
export type Catalogs = Partial<Record<Locale, Catalog>>;

export interface TranslateOptions {
  count?: number;
  defaultValue?: string;
  returnObjects?: boolean;
  [value: string]: unknown;
}

/** A key, or several tried in turn (the first one found wins). */
export type TranslationKey = string | readonly string[];

export interface TFunction {
  (key: TranslationKey, options?: TranslateOptions & { returnObjects?: false }): string;
  (key: TranslationKey, options: TranslateOptions & { returnObjects: true }): unknown;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(language: string, count: number) {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

function walk(tree: unknown, path: string): unknown {
  let at = tree;
  for (const part of path.split(".")) {
    if (typeof at !== "object" || at === null) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

/** `namespace:key`: a namespace is a lowercase word (a message's own text may hold colons). */
const NAMESPACED = /^([a-z]+):(.+)$/s;

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

/** `{{name}}` filled from `values`; a name with no value keeps its placeholder. */
export function interpolate(text: string, values: Record<string, unknown> | undefined) {
  if (!values || !text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? placeholder : String(value);
  });
}

function fillTree(value: unknown, values: Record<string, unknown> | undefined): unknown {
  if (typeof value === "string") return interpolate(value, values);
  if (Array.isArray(value)) return value.map((item) => fillTree(item, values));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fillTree(item, values)]),
    );
  }
  return value;
}

/** The value at `namespace`/`key` in the first of `language` and English that has one. */
function find(
  catalogs: Catalogs,
  language: Locale,
  namespace: string,
  key: string,
  count?: number,
) {
  const languages = language === fallbackLanguage ? [language] : [language, fallbackLanguage];
  for (const candidate of languages) {
    const tree = catalogs[candidate]?.[namespace];
    if (tree === undefined) continue;
    if (count !== undefined) {
      const plural = walk(tree, `${key}_${pluralCategory(candidate, count)}`);
      if (plural !== undefined) return plural;
    }
    const value = walk(tree, key);
    if (value !== undefined) return value;
  }
  return undefined;
}

/**
 * A translation function in `language`, for keys of `namespace` (or `other:key`), each key
 * under `keyPrefix` when one is given.
 */
export function makeT(
  catalogs: Catalogs,
  language: Locale,
  namespace: string = defaultNS,
  keyPrefix?: string,
): TFunction {
  function lookup(key: string, options?: TranslateOptions) {
    const named = NAMESPACED.exec(key);
    if (named?.[1] && named[2]) return find(catalogs, language, named[1], named[2], options?.count);
    const path = keyPrefix ? `${keyPrefix}.${key}` : key;
    return find(catalogs, language, namespace, path, options?.count);
  }
  function t(keys: TranslationKey, options?: TranslateOptions): unknown {
    const tried = typeof keys === "string" ? [keys] : keys;
    for (const key of tried) {
      const value = lookup(key, options);
      if (typeof value === "string") return interpolate(value, options);
      if (value !== undefined && options?.returnObjects) return fillTree(value, options);
    }
    return interpolate(options?.defaultValue ?? tried.at(-1) ?? "", options);
  }
  return t as TFunction;
}
