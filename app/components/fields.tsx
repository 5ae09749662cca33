import {
  forwardRef,
  type InputHTMLAttributes,
  type PointerEvent,
  type TextareaHTMLAttributes,
} from "react";
import { type Margins, margins, type PropClass, styled } from "./layout.tsx";

/**
 * Radix Themes' TextField and TextArea, rendered with the same classes and attributes (ADR 057):
 * the input inside a box that draws its border and focus ring.
 */

type Size = "1" | "2" | "3";

const fieldProps: Record<string, PropClass> = {
  ...margins,
  size: { family: "rt-r-size", values: ["1", "2", "3"] },
};

export interface TextFieldProps
  extends Margins,
    Omit<InputHTMLAttributes<HTMLInputElement>, "size" | "color"> {
  size?: Size;
}

/** A click on the box's padding puts the caret in the input, as Radix's does. */
function focusInput(event: PointerEvent<HTMLDivElement>) {
  const target = event.target as HTMLElement;
  if (target.closest("input, button, a")) return;
  const input = event.currentTarget.querySelector("input");
  if (!input) return;
  requestAnimationFrame(() => {
    try {
      input.setSelectionRange(0, 0);
    } catch {
      // Inputs of some types (email, number) have no selection to set.
    }
    input.focus();
  });
}

/** `<div class="rt-TextFieldRoot"><input class="rt-reset rt-TextFieldInput"></div>`. */
const Root = forwardRef<HTMLInputElement, TextFieldProps>(function TextFieldRoot(
  { size = "2", className, style, mt, mb, ml, ...input },
  ref,
) {
  const box = styled("rt-TextFieldRoot", fieldProps, { size, mt, mb, ml, className, style });
  box.className += " rt-variant-surface";
  return (
    <div {...box} onPointerDown={focusInput}>
      <input spellCheck="false" {...input} ref={ref} className="rt-reset rt-TextFieldInput" />
    </div>
  );
});

export const TextField = { Root };

export interface TextAreaProps
  extends Margins,
    Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "color"> {
  size?: Size;
}

/** `<div class="rt-TextAreaRoot"><textarea class="rt-reset rt-TextAreaInput"></div>`. */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { size = "2", className, style, mt, mb, ml, ...textarea },
  ref,
) {
  const box = styled("rt-TextAreaRoot", fieldProps, { size, mt, mb, ml, className, style });
  box.className += " rt-variant-surface";
  return (
    <div {...box}>
      <textarea className="rt-reset rt-TextAreaInput" ref={ref} {...textarea} />
    </div>
  );
});
