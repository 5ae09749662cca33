import {
  Button as RadixButton,
  Flex as RadixFlex,
  Heading as RadixHeading,
  IconButton as RadixIconButton,
  Text as RadixText,
  Theme as RadixTheme,
} from "@radix-ui/themes";
import { createElement, type ReactElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button, IconButton } from "#app/components/button.tsx";
import { Flex, Heading, Text, Theme } from "#app/components/layout.tsx";

/**
 * Our Flex, Text and Heading (ADR 039) must render what Radix Themes' do for the props the app
 * uses, so Radix's stylesheet keeps styling them: the same element, classes, custom properties
 * and attributes. Markup is compared with classes, styles and attributes in a stable order.
 */
function normalized(element: ReactElement) {
  return renderToStaticMarkup(element).replace(/<([a-z0-9]+)([^>]*)>/g, (_, tag, text: string) => {
    const attributes = [...text.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value = ""]) =>
      name === "class" || name === "style"
        ? `${name}="${value
            .split(name === "class" ? /\s+/ : /;/)
            .sort()
            .join(" ")}"`
        : `${name}="${value}"`,
    );
    return `<${tag} ${attributes.sort().join(" ")}>`;
  });
}

function sameAsRadix(
  name: "Flex" | "Text" | "Heading" | "Button" | "IconButton",
  props: Record<string, unknown>,
) {
  type Component = (props: Record<string, unknown>) => ReactElement;
  const ours = { Flex, Text, Heading, Button, IconButton }[name] as Component;
  const theirs = {
    Flex: RadixFlex,
    Text: RadixText,
    Heading: RadixHeading,
    Button: RadixButton,
    IconButton: RadixIconButton,
  }[name] as Component;
  const children = (props.children ?? "content") as ReactNode;
  expect(normalized(createElement(ours, props, children))).toEqual(
    normalized(createElement(theirs, props, children)),
  );
}

describe("Flex, Text and Heading render as Radix Themes' do", () => {
  it.each([
    [{ direction: "column", gap: "4" }],
    [{ align: "center", justify: "between", gap: "3", className: "site-header-inner" }],
    [{ direction: { initial: "column", sm: "row" }, gap: { initial: "2", md: "4" }, wrap: "wrap" }],
    [{ minWidth: "0", maxWidth: "100%", flexGrow: "1", flexShrink: "0", height: "100%" }],
    [{ minWidth: { initial: "0", sm: "12rem" }, p: "3", mt: "4", mb: "2", role: "group" }],
    [{ as: "span", align: "baseline", style: { color: "red" }, "data-testid": "row" }],
    [{ gap: "nonsense", direction: "sideways" }],
  ])("Flex %j", (props) => sameAsRadix("Flex", props));

  it.each([
    [{ size: "2", color: "gray" }],
    [{ as: "p", size: "3", weight: "bold", mb: "4", className: "lead" }],
    [{ as: "label", htmlFor: "field", size: "2", weight: "medium" }],
    [{ size: "2", weight: "medium", truncate: true, title: "A long name" }],
    [{ as: "div", size: { initial: "1", sm: "3" }, color: "red", id: "hint", mt: "1" }],
  ])("Text %j", (props) => sameAsRadix("Text", props));

  it.each([
    [{}],
    [{ as: "h2", size: "5", id: "title", mb: "2" }],
    [{ as: "h1", size: { initial: "8", sm: "9" } }],
    [{ as: "h2", size: "4", className: "file-preview-title", title: "photo.jpg", mt: "5" }],
  ])("Heading %j", (props) => sameAsRadix("Heading", props));

  it("asChild puts the classes on the child, keeping its own", () => {
    const child = createElement("a", { href: "/", className: "brand" }, "Raccolta");
    sameAsRadix("Text", { asChild: true, size: "4", weight: "bold", children: child });
    const caption = createElement("figcaption", null, "Usage");
    sameAsRadix("Flex", { asChild: true, direction: "column", gap: "1", children: caption });
  });
});

describe("Theme renders as Radix Themes' does with the app's choices (ADR 054)", () => {
  // The app's one choice of colours, radius and scaling, as root.tsx passed it to Radix's Theme.
  const choices = { accentColor: "indigo", grayColor: "slate", radius: "medium" } as const;

  it("at the root of the page", () => {
    expect(normalized(createElement(Theme, { root: true }, "page"))).toEqual(
      normalized(
        createElement(
          RadixTheme,
          { ...choices, appearance: "inherit", hasBackground: true },
          "page",
        ),
      ),
    );
  });

  it("dark inside it, with the file preview's attributes", () => {
    const props = { className: "file-preview", role: "dialog", tabIndex: -1, "aria-modal": true };
    expect(
      normalized(
        createElement(
          Theme,
          { root: true },
          createElement(Theme, { ...props, appearance: "dark" }, "preview"),
        ),
      ),
    ).toEqual(
      normalized(
        createElement(
          RadixTheme,
          { ...choices, appearance: "inherit", hasBackground: true },
          createElement(RadixTheme, { ...props, appearance: "dark" }, "preview"),
        ),
      ),
    );
  });
});

describe("Button and IconButton render as Radix Themes' do (ADR 054)", () => {
  const link = createElement("a", { href: "/teams/t/upload", className: "files-upload" }, "Upload");
  it.each([
    [{}],
    [{ type: "submit", size: "3", name: "intent", value: "sign-in" }],
    [{ variant: "soft", color: "red", ml: "auto", mb: "2", style: { width: "100%" } }],
    [{ variant: "ghost", color: "gray", radius: "full", "aria-label": "Close" }],
    [{ variant: "outline", color: "grass", disabled: true, className: "plan-action" }],
    [{ loading: true }],
    [{ loading: true, size: "1", variant: "soft" }],
    [{ loading: true, size: "3" }],
    [{ loading: true, size: "4", disabled: false }],
    [{ asChild: true, size: "3", variant: "soft", children: link }],
    [{ asChild: true, variant: "soft", color: "gray", highContrast: true, children: link }],
    [{ asChild: true, ml: "auto", children: link }],
  ])("Button %j", (props) => sameAsRadix("Button", props));

  it.each([
    [{ variant: "ghost", color: "gray", size: "2", "aria-label": "Menu" }],
    [{ asChild: true, variant: "ghost", color: "gray", children: link }],
    [{ size: "3", variant: "soft", loading: true, "aria-label": "Save" }],
  ])("IconButton %j", (props) => sameAsRadix("IconButton", props));
});
