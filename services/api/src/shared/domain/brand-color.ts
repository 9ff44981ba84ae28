/**
 * A merchant's brand colour as the pages use it: behind white text (the pay button), and as the colour
 * of links on the page's light grey (#f5f6f8) and on white, so it must reach WCAG AA contrast (4.5:1)
 * against the page's grey, the darker of the two. A colour that does not is darkened, keeping its hue,
 * until it does; the merchant's own colour is kept as given beside it.
 */
export const AA_CONTRAST = 4.5;

/** The pages' background, the lightest colour the brand colour must stand out from but white. */
const PAGE = '#f5f6f8';

/** Contrast ratio of `hex` with the page's background (white gives a little more). */
export function contrastOnPage(hex: string): number {
  return contrast(rgbOf(hex));
}

/** `hex` if it reads on the page at AA, else the nearest darker shade that does. */
export function readableOnPage(hex: string): string {
  let rgb = rgbOf(hex);
  for (let step = 0; step < 100 && contrast(rgb) < AA_CONTRAST; step++) {
    rgb = rgb.map((channel) => Math.floor(channel * 0.95)) as Rgb;
  }
  return `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

function contrast(rgb: Rgb): number {
  return (relativeLuminance(rgbOf(PAGE)) + 0.05) / (relativeLuminance(rgb) + 0.05);
}

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function relativeLuminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}
