import {
  forwardRef,
  type InputHTMLAttributes,
  type PointerEvent,
  type ReactNode,
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
    Omit<InputHTMLAttributes<HTMLInputElement>, "size" | "color" | "children"> {
  size?: Size;
  /** Slots (TextField.Slot) drawn beside the input. */
  children?: ReactNode;
}

/**
 * A click on the box's padding puts the caret in the input, as Radix's does: at the end when the
 * click was on a slot on the right.
 */
function focusInput(event: PointerEvent<HTMLDivElement>) {
  const target = event.target as HTMLElement;
  if (target.closest("input, button, a")) return;
  const input = event.currentTarget.querySelector("input");
  if (!input) return;
  const at = target.closest(".rt-TextFieldSlot[data-side='right']") ? input.value.length : 0;
  requestAnimationFrame(() => {
    try {
      input.setSelectionRange(at, at);
    } catch {
      // Inputs of some types (email, number) have no selection to set.
    }
    input.focus();
  });
}

/** `<div class="rt-TextFieldRoot"><input class="rt-reset rt-TextFieldInput"></div>`. */
const Root = forwardRef<HTMLInputElement, TextFieldProps>(function TextFieldRoot(
  { size = "2", className, style, mt, mb, ml, children, ...input },
  ref,
) {
  const box = styled("rt-TextFieldRoot", fieldProps, { size, mt, mb, ml, className, style });
  box.className += " rt-variant-surface";
  return (
    <div {...box} onPointerDown={focusInput}>
      <input spellCheck="false" {...input} ref={ref} className="rt-reset rt-TextFieldInput" />
      {children}
    </div>
  );
});

/** `<div class="rt-TextFieldSlot" data-side>`: a text or an icon inside the field's box. */
function Slot({ side, children }: { side?: "left" | "right"; children?: ReactNode }) {
  return (
    <div data-side={side} className="rt-TextFieldSlot">
      {children}
    </div>
  );
}

export const TextField = { Root, Slot };

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
