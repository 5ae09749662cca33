import type { HTMLAttributes } from "react";
import { type PropClass, type Responsive, styled } from "./layout.tsx";

/** Radix Themes' DataList, rendered with the same elements and classes (ADR 057). */

export interface DataListRootProps extends HTMLAttributes<HTMLDListElement> {
  /** Labels above their values, or beside them; one per breakpoint. */
  orientation?: Responsive<"horizontal" | "vertical">;
  size?: "1" | "2" | "3";
}

const rootProps: Record<string, PropClass> = {
  orientation: { family: "rt-r-orientation", values: ["horizontal", "vertical"] },
  size: { family: "rt-r-size", values: ["1", "2", "3"] },
};

function Root({ orientation = "horizontal", size = "2", ...props }: DataListRootProps) {
  const own = styled("rt-DataListRoot", rootProps, { orientation, size, ...props });
  own.className = `rt-Text ${own.className}`;
  return <dl {...own} />;
}

function Item(props: HTMLAttributes<HTMLDivElement>) {
  return <div {...styled("rt-DataListItem", {}, { ...props })} />;
}

function Label(props: HTMLAttributes<HTMLElement>) {
  return <dt {...styled("rt-DataListLabel", {}, { ...props })} />;
}

function Value(props: HTMLAttributes<HTMLElement>) {
  return <dd {...styled("rt-DataListValue", {}, { ...props })} />;
}

export const DataList = { Root, Item, Label, Value };
