import { ICON_SHAPES } from "./shapes";

const FRAMES = {
  stroke:
    'fill="none" stroke="#000" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"',
  fine: 'fill="none" stroke="#000" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"',
  filled: 'fill="#000"',
} as const;

/** The SVG document of one drawing, as a CSS `url()` (only the characters CSS and URLs need escaped). */
export function iconDataUrl(frame: keyof typeof FRAMES, body: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" ${FRAMES[frame]}>${body}</svg>`;
  const encoded = svg
    .replaceAll('"', "'")
    .replaceAll("%", "%25")
    .replaceAll("#", "%23")
    .replaceAll("<", "%3C")
    .replaceAll(">", "%3E");
  return `url("data:image/svg+xml,${encoded}")`;
}

/**
 * One rule per icon, `.icon-<name>{--icon:url(…)}`, read by `.icon` in app.css. Called
 * only while prerendering (root.tsx), so the drawings never enter the JavaScript.
 */
export function iconStylesheet(): string {
  return Object.entries(ICON_SHAPES)
    .map(([name, shape]) => `.icon-${name}{--icon:${iconDataUrl(shape.frame, shape.body)}}`)
    .join("\n");
}
