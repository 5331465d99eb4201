#!/usr/bin/env node
/**
 * Draws the sample agency's invented pictures into agency/: an illustrated portrait for each
 * sample team member (JPEG, 800 px) and a wordmark for each sample carrier (SVG, or PNG for two
 * of them so both kinds of file are exercised). Nothing here is a real person or a real
 * company's mark. Run once; the files are committed: node scripts/make-sample-images.mjs
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const AGENCY_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "agency");

/** A flat, drawn bust: background, shoulders, neck, face, hair, a few features. */
function portraitSvg({ background, shirt, skin, hair, hairStyle, accent }) {
  const hairShapes = {
    short: `<path d="M262 300c0-95 62-150 138-150s138 55 138 150c-22-48-70-78-138-78s-116 30-138 78z" fill="${hair}"/>`,
    long: `<path d="M250 330c-6-120 56-185 150-185s156 65 150 185l6 190h-62l-6-190c-14-45-48-78-88-78s-74 33-88 78l-6 190h-62z" fill="${hair}"/>`,
    bun: `<circle cx="400" cy="148" r="52" fill="${hair}"/><path d="M264 300c0-92 60-145 136-145s136 53 136 145c-24-52-70-82-136-82s-112 30-136 82z" fill="${hair}"/>`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${background[0]}"/><stop offset="1" stop-color="${background[1]}"/>
    </linearGradient>
  </defs>
  <rect width="800" height="800" fill="url(#bg)"/>
  <circle cx="640" cy="150" r="90" fill="#ffffff" opacity="0.18"/>
  <circle cx="130" cy="660" r="140" fill="#ffffff" opacity="0.12"/>
  ${hairStyle === "long" ? hairShapes.long : ""}
  <path d="M150 800c0-150 110-250 250-250s250 100 250 250z" fill="${shirt}"/>
  <path d="M345 560h110v60c0 30-25 50-55 50s-55-20-55-50z" fill="${skin}"/>
  <path d="M345 585c30 20 80 20 110 0v-25H345z" fill="#000000" opacity="0.12"/>
  <ellipse cx="400" cy="380" rx="132" ry="160" fill="${skin}"/>
  <ellipse cx="268" cy="395" rx="22" ry="34" fill="${skin}"/>
  <ellipse cx="532" cy="395" rx="22" ry="34" fill="${skin}"/>
  ${hairStyle === "long" ? hairShapes.short : hairShapes[hairStyle]}
  <ellipse cx="352" cy="390" rx="12" ry="15" fill="#1f2430"/>
  <ellipse cx="448" cy="390" rx="12" ry="15" fill="#1f2430"/>
  <path d="M326 352q26-16 52 0M422 352q26-16 52 0" stroke="${hair}" stroke-width="9" fill="none" stroke-linecap="round"/>
  <path d="M398 410q-12 40 4 48" stroke="#000000" stroke-opacity="0.18" stroke-width="7" fill="none" stroke-linecap="round"/>
  <path d="M360 478q40 30 80 0" stroke="#8a3b3b" stroke-width="9" fill="none" stroke-linecap="round"/>
  <circle cx="318" cy="450" r="20" fill="#e06c6c" opacity="0.18"/>
  <circle cx="482" cy="450" r="20" fill="#e06c6c" opacity="0.18"/>
  <path d="M330 640l70 70 70-70" stroke="${accent}" stroke-width="16" fill="none" stroke-linejoin="round"/>
</svg>`;
}

const PORTRAITS = [
  {
    file: "team-dana-okafor.jpg",
    background: ["#cfe0ff", "#8fb1f2"],
    shirt: "#1d5bd8",
    skin: "#8d5a3b",
    hair: "#1b1512",
    hairStyle: "bun",
    accent: "#ffffff",
  },
  {
    file: "team-marcus-lindqvist.jpg",
    background: ["#d9efe4", "#9cccb4"],
    shirt: "#37474f",
    skin: "#f0c8a8",
    hair: "#c8a050",
    hairStyle: "short",
    accent: "#9cccb4",
  },
  {
    file: "team-hoa-nguyen.jpg",
    background: ["#fde7cf", "#f1b98a"],
    shirt: "#7a3f8f",
    skin: "#e3b48c",
    hair: "#231a17",
    hairStyle: "long",
    accent: "#f1b98a",
  },
];

/** A wordmark: a simple mark, the name and "SAMPLE" under it. */
function wordmarkSvg({ name, color, mark }) {
  const marks = {
    wheel: `<circle cx="40" cy="40" r="28" fill="none" stroke="${color}" stroke-width="8"/><circle cx="40" cy="40" r="8" fill="${color}"/>`,
    barn: `<path d="M12 66V34l28-22 28 22v32z" fill="${color}"/><path d="M30 66V46h20v20" fill="#ffffff"/>`,
    wave: `<path d="M8 34q16-16 32 0t32 0M8 54q16-16 32 0t32 0" fill="none" stroke="${color}" stroke-width="8" stroke-linecap="round"/>`,
    river: `<path d="M14 70c30-16 0-42 30-60M36 70c30-16 0-42 30-60" fill="none" stroke="${color}" stroke-width="8" stroke-linecap="round"/>`,
    star: `<path d="M40 8l9 22 24 2-18 15 6 24-21-13-21 13 6-24-18-15 24-2z" fill="${color}"/>`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="80" viewBox="0 0 300 80">
  <title>${name} (sample carrier)</title>
  ${marks[mark]}
  <text x="88" y="42" font-family="Arial, Helvetica, sans-serif" font-size="24" font-weight="700" fill="${color}">${name}</text>
  <text x="88" y="66" font-family="Arial, Helvetica, sans-serif" font-size="14" letter-spacing="3" fill="#5b6472">SAMPLE</text>
</svg>`;
}

const CARRIERS = [
  { file: "carrier-sample-mutual.svg", name: "Sample Mutual", color: "#b3261e", mark: "wheel" },
  { file: "carrier-prairie-home.png", name: "Prairie Home", color: "#3f6b2a", mark: "barn" },
  { file: "carrier-lakeshore.svg", name: "Lakeshore", color: "#0a6a8a", mark: "wave" },
  { file: "carrier-great-river.png", name: "Great River", color: "#1e4f91", mark: "river" },
  { file: "carrier-north-star.svg", name: "North Star", color: "#6b3fa0", mark: "star" },
];

for (const portrait of PORTRAITS) {
  const jpeg = await sharp(Buffer.from(portraitSvg(portrait)))
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  writeFileSync(path.join(AGENCY_DIR, portrait.file), jpeg);
}
for (const carrier of CARRIERS) {
  const svg = wordmarkSvg(carrier);
  const bytes = carrier.file.endsWith(".png")
    ? await sharp(Buffer.from(svg), { density: 72 * 2 })
        .png({ compressionLevel: 9, palette: true })
        .toBuffer()
    : Buffer.from(`${svg}\n`);
  writeFileSync(path.join(AGENCY_DIR, carrier.file), bytes);
}
