import {
  Badge as RadixBadge,
  Button as RadixButton,
  Callout as RadixCallout,
  Card as RadixCard,
  DataList as RadixDataList,
  Flex as RadixFlex,
  Grid as RadixGrid,
  Heading as RadixHeading,
  IconButton as RadixIconButton,
  Link as RadixLink,
  Progress as RadixProgress,
  Separator as RadixSeparator,
  Text as RadixText,
  TextArea as RadixTextArea,
  TextField as RadixTextField,
  Theme as RadixTheme,
} from "@radix-ui/themes";
import { createElement, type ReactElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Badge } from "#app/components/badge.tsx";
import { Button, IconButton } from "#app/components/button.tsx";
import { Callout } from "#app/components/callout.tsx";
import { DataList } from "#app/components/data-list.tsx";
import { TextArea, TextField } from "#app/components/fields.tsx";
import { Card, Flex, Grid, Heading, Separator, Text, Theme } from "#app/components/layout.tsx";
import { Progress } from "#app/components/progress.tsx";
import { TextLink } from "#app/components/text-link.tsx";

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

/** Ours and Radix's, given the same props and children, write the same markup. */
function same(
  ours: unknown,
  theirs: unknown,
  props: Record<string, unknown>,
  children?: ReactNode,
) {
  type Component = (props: Record<string, unknown>) => ReactElement;
  expect(normalized(createElement(ours as Component, props, children))).toEqual(
    normalized(createElement(theirs as Component, props, children)),
  );
}

describe("the rest of Radix Themes' components render as ours do (ADR 057)", () => {
  const remixLink = createElement("a", { href: "/terms" }, "Terms");

  // Each case is a use in the app (the file it is from in the comment), and a few beyond.
  it.each([
    [{ color: "red", role: "alert", id: "form-errors" }], // forms.tsx
    [{ color: "grass", role: "status" }], // early-access.tsx, plans
    [{ color: "amber", highContrast: true, role: "note" }], // credentials.tsx
    [{ role: "note" }], // sign-in-form.tsx
    [{ color: "gray", size: "1", className: "collections-loading", "aria-live": "polite" }],
    [{ color: "blue", variant: "surface" }], // toast.tsx
    [{ color: "red", variant: "outline", mt: "3", mb: "2" }],
  ])("Callout %j", (props: Record<string, unknown>) => {
    const children = [
      createElement(Callout.Icon, { key: "i" }, "!"),
      createElement(Callout.Text, { key: "t" }, "The message"),
      createElement(Callout.Text, { key: "u", className: "second", id: "m2" }, "Another"),
    ];
    const theirs = [
      createElement(RadixCallout.Icon, { key: "i" }, "!"),
      createElement(RadixCallout.Text, { key: "t" }, "The message"),
      createElement(RadixCallout.Text, { key: "u", className: "second", id: "m2" }, "Another"),
    ];
    expect(normalized(createElement(Callout.Root as never, props, children))).toEqual(
      normalized(createElement(RadixCallout.Root as never, props, theirs)),
    );
  });

  it.each([
    [{}], // team-list.tsx
    [{ color: "gray" }],
    [{ size: "1", color: "blue", highContrast: true }], // collection-row.tsx
    [{ size: "1", color: "blue" }],
    [{ size: "2", radius: "full", className: "filter-chip" }], // files-filter-bar.tsx
    [{ size: "2", radius: "full", variant: "soft", className: "filter-chip" }],
    [{ color: "grass", size: "2" }], // plan-card.tsx
    [{ variant: "solid", color: "red", mt: "1" }],
  ])("Badge %j", (props) => same(Badge, RadixBadge, props, "Owner"));

  it.each([
    [{ asChild: true, size: "2", color: "gray", children: remixLink }], // site-footer.tsx
    [{ asChild: true, size: "2", children: remixLink }], // page-links.tsx
    [{ asChild: true, underline: "always", children: remixLink }], // cookie-banner.tsx
    [{ asChild: true, children: remixLink }], // auth-card.tsx
    [{ asChild: true, size: "2", mb: "2", children: remixLink }], // date-filter.tsx
    [{ href: "/plans", weight: "bold", highContrast: true, children: "Plans" }],
  ])("Link %j", ({ children, ...props }) => same(TextLink, RadixLink, props, children));

  it.each([
    [{ size: "3" }], // team-list.tsx
    [{ size: "4", className: "auth-card" }], // auth-card.tsx
    [{ size: "3", className: "plan-card", "data-current": true }], // plan-card.tsx
    [{}],
    [{ asChild: true, size: "2", children: createElement("a", { className: "team-card" }, "T") }],
  ])("Card %j", (props: Record<string, unknown>) => {
    const { children = "content", ...rest } = props;
    same(Card, RadixCard, rest, children as ReactNode);
  });

  it.each([
    [{ columns: { initial: "1", sm: "2", md: "3" }, gap: "4" }], // plans
    [{ columns: { initial: "1", sm: "3" }, gap: "4" }], // home
    [{ columns: "2", gap: "3", mt: "4", className: "grid" }],
  ])("Grid %j", (props) => same(Grid, RadixGrid, props, "cell"));

  it.each([[{ size: "4" }], [{}]])("Separator %j", (props) =>
    same(Separator, RadixSeparator, props),
  );

  it.each([
    [{ size: "3", id: "team-search", type: "search", name: "q", autoComplete: "off" }],
    [{ size: "3", name: "email", type: "email", required: true, "aria-invalid": true }],
    [
      {
        id: "c",
        readOnly: true,
        value: "secret",
        className: "credential-value",
        style: { flexGrow: 1 },
      },
    ],
    [{ placeholder: "Name", defaultValue: "x", mt: "2", "aria-describedby": "hint" }],
  ])("TextField %j", (props) => same(TextField.Root, RadixTextField.Root, props));

  it("TextField with a slot on the right", () => {
    expect(
      normalized(
        createElement(
          TextField.Root,
          { size: "3" },
          createElement(TextField.Slot, { side: "right" }, ".jpg"),
        ),
      ),
    ).toEqual(
      normalized(
        createElement(
          RadixTextField.Root,
          { size: "3" },
          createElement(RadixTextField.Slot, { side: "right" }, ".jpg"),
        ),
      ),
    );
  });

  it.each([
    [{ size: "3", name: "description", id: "d", rows: 3, "aria-describedby": "h" }],
    [{ defaultValue: "text", className: "notes", style: { minHeight: 80 } }],
  ])("TextArea %j", (props) => same(TextArea, RadixTextArea, props));

  it.each([
    [{ value: 40, "aria-label": "Uploading" }], // image-upload-dialog.tsx
    [{ value: 100, color: "grass", "aria-label": "Done" }], // upload-panel.tsx
    [{ value: 12.5, color: "red" }],
    [{ value: 0 }],
    [{ duration: "2s", "aria-label": "Processing" }],
  ])("Progress %j", (props) => same(Progress, RadixProgress, props));

  it.each([
    [{}], // status.tsx
    [{ size: "2" }], // member-details.tsx
    [{ orientation: { initial: "vertical", sm: "horizontal" } }], // info
  ])("DataList %j", (props) => {
    const list = (kit: typeof DataList | typeof RadixDataList) =>
      createElement(
        kit.Root as never,
        props as never,
        createElement(
          kit.Item,
          null,
          createElement(kit.Label, null, "Email"),
          createElement(kit.Value, null, "olga@example.com"),
        ),
        createElement(
          kit.Item,
          { className: "extra" },
          createElement(kit.Label, { className: "l" }, "Status"),
          createElement(kit.Value, { className: "v" }, "Active"),
        ),
      );
    expect(normalized(list(DataList))).toEqual(normalized(list(RadixDataList)));
  });
});
