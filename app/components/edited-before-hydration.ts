import { useEffect } from "react";

/**
 * Once the page has hydrated, calls `then` with the form `formId` and its first field edited
 * before then: what someone typed or chose while the scripts were on their way, which no change
 * handler saw. A form that acts on each change (a filter) does now what that change would have.
 */
export function useEditedBeforeHydration(
  formId: string,
  then: (form: HTMLFormElement, field: Element) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for what the server's HTML met
  useEffect(() => {
    const form = document.forms.namedItem(formId);
    const field = form ? Array.from(form.elements).find(editedBeforeHydration) : undefined;
    if (form && field) then(form, field);
  }, [formId]);
}

/** A named field whose value is no longer the one the server's HTML gave it. */
function editedBeforeHydration(element: Element) {
  if (!("name" in element) || element.name === "") return false;
  if (element instanceof HTMLSelectElement) {
    const options = [...element.options];
    if (element.multiple) {
      return options.some((option) => option.selected !== option.defaultSelected);
    }
    // One choice: the last option marked selected, or else the first.
    const initial = options.reduce(
      (last, option, index) => (option.defaultSelected ? index : last),
      0,
    );
    return element.selectedIndex !== initial;
  }
  if (element instanceof HTMLTextAreaElement) return element.value !== element.defaultValue;
  if (!(element instanceof HTMLInputElement) || element.type === "file") return false;
  return element.type === "checkbox" || element.type === "radio"
    ? element.checked !== element.defaultChecked
    : element.value !== element.defaultValue;
}
