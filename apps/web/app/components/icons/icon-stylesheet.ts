import { ICON_SHAPES } from "./shapes";

const FRAMES = {
  stroke:
    'fill="none" stroke="#000" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"',
  fine: 'fill="none" stroke="#000" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"',
  filled: 'fill="#000"',
} as const;

const NAMES = Object.keys(ICON_SHAPES) as Array<keyof typeof ICON_SHAPES>;

/** Escapes an SVG document for a CSS `url("data:…")` (only what CSS and URLs need). */
function dataUrl(svg: string): string {
  const encoded = svg
    .replaceAll('"', "'")
    .replaceAll("%", "%25")
    .replaceAll("#", "%23")
    .replaceAll("<", "%3C")
    .replaceAll(">", "%3E");
  return `url("data:image/svg+xml,${encoded}")`;
}

/**
 * Every drawing side by side in one 24-unit-high strip (drawing i at x = 24 × i), so the
 * browser decodes one SVG image for the whole page rather than one per icon.
 */
export function iconSprite(): string {
  const drawings = NAMES.map((name, index) => {
    const shape = ICON_SHAPES[name];
    return `<g transform="translate(${index * 24})" ${FRAMES[shape.frame]}>${shape.body}</g>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${NAMES.length * 24} 24">${drawings.join("")}</svg>`;
}

/**
 * The icons' CSS: the strip as the mask of every `.icon` (and `.icon-before::before`),
 * stretched to as many icon widths as it holds, and one rule per icon choosing its place
 * in the strip. Called only while prerendering (root.tsx), so the drawings never enter
 * the JavaScript.
 */
export function iconStylesheet(): string {
  const last = NAMES.length - 1;
  const mask = `${dataUrl(iconSprite())} 0 0 / ${NAMES.length * 100}% 100% no-repeat`;
  const position = `calc(var(--icon-index) * 100% / ${last}) 0`;
  return [
    `.icon,.icon-before::before{-webkit-mask:${mask};mask:${mask};-webkit-mask-position:${position};mask-position:${position}}`,
    ...NAMES.map((name, index) => `.icon-${name}{--icon-index:${index}}`),
  ].join("\n");
}
