import type { Locator } from "@playwright/test";

/**
 * The contrast ratio of an icon-only control: its text colour (the icon is drawn in
 * currentColor) against what is behind it, its own background laid over its ancestors' down to
 * the first opaque one. axe checks the contrast of text only; WCAG 1.4.11 asks 3:1 of icons.
 */
export async function iconContrast(control: Locator) {
  const { color, layers } = await control.evaluate((element) => {
    const layers: string[] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const background = getComputedStyle(node).backgroundColor;
      layers.push(background);
      if (background.startsWith("rgb(")) break; // opaque: nothing further shows through
    }
    return { color: getComputedStyle(element).color, layers };
  });
  // Lay the backgrounds from the bottom (the page's white canvas) up to the control's own.
  let behind: Rgb = [255, 255, 255];
  for (const layer of layers.reverse()) {
    const [r, g, b, alpha] = parse(layer);
    behind = [r, g, b].map((channel, i) => channel * alpha + behind[i]! * (1 - alpha)) as Rgb;
  }
  return ratio(parse(color).slice(0, 3) as Rgb, behind);
}

type Rgb = [number, number, number];

function parse(css: string): [number, number, number, number] {
  const match = /^rgba?\((\d+(?:\.\d+)?), (\d+(?:\.\d+)?), (\d+(?:\.\d+)?)(?:, ([\d.]+))?\)$/.exec(
    css,
  );
  if (!match) throw new Error(`contrast: not an sRGB colour: ${css}`);
  return [Number(match[1]), Number(match[2]), Number(match[3]), Number(match[4] ?? 1)];
}

/** WCAG 2's relative luminance and contrast ratio. */
function ratio(a: Rgb, b: Rgb) {
  const luminance = (rgb: Rgb) => {
    const [r, g, b] = rgb.map((channel) => {
      const c = channel / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as Rgb;
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
