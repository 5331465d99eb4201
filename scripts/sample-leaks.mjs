// What only the sample agency has, and where it shows up. The sample profile (agency/) ships
// with the repository; nothing of it may stay in the code (issue 26). The markers are read
// from the sample's own agency.json and images, so a detail added to the sample is looked
// for without touching this file. Used by scripts/check-other-profile.mjs (the web build
// with a second profile) and the server test with that profile
// (apps/server/src/agency-profile.test.ts).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SAMPLE_PROFILE_DIR = path.join(REPO_ROOT, "agency");
/** The second, different profile the proof builds and serves with. */
export const OTHER_PROFILE_DIR = path.join(REPO_ROOT, "test-fixtures", "other-agency");
/**
 * Images the site ships whatever the profile says (apps/web/public): each one is the sample's
 * (its name or mark drawn in pixels) until it is made from the profile at build time. A
 * generic picture put there later belongs in GENERIC_PUBLIC_IMAGES.
 */
export const PUBLIC_DIR = path.join(REPO_ROOT, "apps", "web", "public");
const GENERIC_PUBLIC_IMAGES = new Set();

/**
 * The sample's own wording that is in no field of its profile but was written into pages
 * once (its name's core, its street and neighborhood).
 */
const HARD_MARKERS = ["North Lakes", "NorthLakes", "Lyndale", "Lyn-Lake"];

/**
 * The sample's region as pages once wrote it beside its profile's own words (areaServed,
 * region, city, state): its cities' other spellings and its county (issue 26).
 */
const REGION_WORDS = ["Minneapolis", "St. Paul", "Saint Paul", "Hennepin"];

/** "Minnesota" by "MN": read from the domain's list of the 50 states (us-states.ts). */
function usStateNames() {
  const source = readFileSync(
    path.join(REPO_ROOT, "packages", "domain", "src", "us-states.ts"),
    "utf8",
  );
  return new Map(
    [...source.matchAll(/value: "([A-Z]{2})", label: "([^"]+)"/g)].map(([, code, name]) => [
      code,
      name,
    ]),
  );
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Where a state's name is no leak: in the list of all 50 states a form offers (the quote
 * dialog's address and license selects), as the JS holds it and as the HTML shows it, both
 * after normalizeText.
 */
function stateListEntries(code, name) {
  const [c, n] = [escapeRegExp(code.toLowerCase()), escapeRegExp(name.toLowerCase())];
  return new RegExp(
    `value: ?["'\`]${c}["'\`], ?label: ?["'\`]${n}["'\`]|<option[^>]*value="${c}"[^>]*>${n}</option>`,
    "g",
  );
}

/**
 * The sample's region markers: its places served, region, city and state names, and
 * REGION_WORDS; a word the other profile itself says (an agency in the same state or city)
 * is no marker of the sample.
 */
function regionMarkers(profile, otherProfileDir) {
  const states = usStateNames();
  const regionOf = (p) => [
    ...(p.areaServed ?? []),
    p.region,
    p.address?.city,
    states.get(p.address?.state),
    ...(p.licensedIn ?? []).map((code) => states.get(code)),
  ];
  let otherWords = "";
  if (otherProfileDir) {
    const other = JSON.parse(readFileSync(path.join(otherProfileDir, "agency.json"), "utf8"));
    otherWords = normalizeText(
      [...regionOf(other), other.regulator?.name, other.office?.name].filter(Boolean).join(" | "),
    );
  }
  const markers = [];
  const add = (what, text, allowedIn) => {
    if (typeof text !== "string" || text.trim().length < 4) return;
    if (otherWords.includes(normalizeText(text))) return;
    markers.push(allowedIn ? { what, text, allowedIn } : { what, text });
  };
  // The states first: a state named in areaServed too is no leak in the list of all states.
  for (const code of new Set([profile.address?.state, ...(profile.licensedIn ?? [])])) {
    const name = states.get(code);
    if (name) add("the state's name", name, stateListEntries(code, name));
  }
  for (const place of profile.areaServed ?? []) add("areaServed", place);
  add("region", profile.region);
  add("address.city", profile.address?.city);
  add("regulator.name", profile.regulator?.name);
  for (const word of REGION_WORDS) add("the sample's region", word);
  return markers;
}

const IMAGE_FILE = /\.(png|jpe?g|webp|avif|gif|svg|ico)$/i;

/** Every way a 10-digit US number is written in pages, links and emails. */
export function phoneForms(phone) {
  const digits = phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
  if (digits.length !== 10) return [phone];
  const [a, b, c] = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)];
  return [
    `(${a}) ${b}-${c}`,
    `(${a})${b}-${c}`,
    `${a}-${b}-${c}`,
    `${a}.${b}.${c}`,
    `${a} ${b} ${c}`,
    digits,
    `+1${digits}`,
    `+1 ${a} ${b} ${c}`,
    `+1-${a}-${b}-${c}`,
  ];
}

const hostOf = (url) => {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
};

/** A URL as pages write it: whole, and without its scheme (and `www.`). */
const urlForms = (url) => {
  const bare = url.replace(/^https?:\/\//, "").replace(/\/$/, "");
  return [url, bare, bare.replace(/^www\./, "")];
};

/**
 * The sample's markers: `{ what, text }`, `what` naming the profile field it comes from. Texts
 * are compared without regard to case (a name in capitals is still the name). The region's
 * words are left out where the other profile (the one the proof builds with) says them too.
 */
export function sampleMarkers(
  profileDir = SAMPLE_PROFILE_DIR,
  otherProfileDir = OTHER_PROFILE_DIR,
) {
  const profile = JSON.parse(readFileSync(path.join(profileDir, "agency.json"), "utf8"));
  const markers = [];
  const add = (what, text) => {
    if (typeof text === "string" && text.trim().length >= 4) markers.push({ what, text });
  };
  const addPhone = (what, phone) => {
    if (phone) for (const form of phoneForms(phone)) add(what, form);
  };
  const addUrl = (what, url) => {
    if (url) for (const form of urlForms(url)) add(what, form);
  };

  for (const text of HARD_MARKERS) add("the sample's local wording", text);
  add("name", profile.name);
  add("legalName", profile.legalName);
  add("shortName", profile.shortName);
  add("licenseNumber", profile.licenseNumber);
  addPhone("phone", profile.phone);
  addPhone("fax", profile.fax);
  add("email", profile.email);
  add("email's domain", profile.email?.split("@")[1]);
  addUrl("siteUrl", profile.siteUrl);
  const host = hostOf(profile.siteUrl ?? "");
  add("siteUrl's host", host);
  // The domain's name without its ending ("northlakesinsurance"), as in social handles.
  add("siteUrl's name", host?.replace(/^www\./, "").replace(/\.[a-z]+$/, ""));
  add("address.street", profile.address?.street);
  add("address.zip", profile.address?.zip);
  if (profile.coordinates) {
    add("coordinates.lat", String(profile.coordinates.lat));
    add("coordinates.lng", String(profile.coordinates.lng));
  }
  for (const link of profile.socialLinks ?? []) addUrl(`socialLinks (${link.network})`, link.url);
  add("office.description", profile.office?.description);
  for (const feature of profile.office?.features ?? []) add("office.features", feature);
  for (const line of profile.phoneHours ?? []) add("phoneHours", line);
  add("hoursNote", profile.hoursNote);
  for (const color of Object.values(profile.brand ?? {})) {
    add("brand color", color);
    // The same color as rgb(), as a utility class or a stylesheet may write it.
    const channels = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color)?.slice(1);
    const [r, g, b] = (channels ?? []).map((hex) => Number.parseInt(hex, 16));
    if (channels) {
      for (const separator of [" ", ",", ", ", "_"]) {
        for (const fn of ["rgb", "rgba"]) add("brand color", `${fn}(${[r, g, b].join(separator)}`);
      }
    }
  }
  for (const person of profile.team ?? []) {
    add("team name", person.name);
    add("team licenseNumber", person.licenseNumber);
    add("team bio", person.bio);
  }
  for (const carrier of profile.carriers ?? []) {
    add("carrier name", carrier.name);
    // "Sample Mutual Auto" as well as "Sample Mutual Auto (sample)".
    add("carrier name", carrier.name.replace(/\s*\(sample\)$/i, ""));
    for (const key of ["website", "claimsUrl", "paymentUrl"])
      addUrl(`carrier ${key}`, carrier[key]);
    addPhone("carrier claimsPhone", carrier.claimsPhone);
    addPhone("carrier customerServicePhone", carrier.customerServicePhone);
  }
  for (const review of profile.reviews ?? []) {
    add("review quote", review.quote);
    add("review author", review.author);
  }
  // The drawings of the sample's SVG images (its logo's paths), inlined or copied anywhere.
  for (const file of imageFiles(profileDir)) {
    if (!file.endsWith(".svg")) continue;
    const svg = readFileSync(file, "utf8");
    for (const [, d] of svg.matchAll(/\sd="([^"]{12,})"/g)) {
      add(`the drawing of ${path.basename(file)}`, d);
    }
  }

  markers.push(...regionMarkers(profile, otherProfileDir));

  const seen = new Set();
  return markers.filter(({ text }) => {
    const key = text.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function imageFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.isFile() && IMAGE_FILE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const sha256 = (content) => createHash("sha256").update(content).digest("hex");

/**
 * The sample's images by content hash (sha256 → where it comes from): the profile folder's
 * and those the site ships whatever the profile (PUBLIC_DIR).
 */
export function sampleImageHashes(profileDir = SAMPLE_PROFILE_DIR, publicDir = PUBLIC_DIR) {
  const hashes = new Map();
  for (const file of imageFiles(profileDir)) {
    hashes.set(sha256(readFileSync(file)), `agency/${path.relative(profileDir, file)}`);
  }
  for (const file of imageFiles(publicDir)) {
    const name = path.relative(publicDir, file);
    if (!GENERIC_PUBLIC_IMAGES.has(name)) hashes.set(sha256(readFileSync(file)), `public/${name}`);
  }
  return hashes;
}

const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * Text as a reader or a browser gets it from HTML, JS or JSON: entities and escapes decoded,
 * React's text separators (`<!-- -->`) dropped, white space collapsed, lower case.
 */
export function normalizeText(raw) {
  return raw
    .replace(/<!-- -->/g, "")
    .replace(/&#x([0-9a-f]+);/gi, (_, hex) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec) => String.fromCodePoint(Number(dec)))
    .replace(/&([a-z]+);/gi, (all, name) => ENTITIES[name.toLowerCase()] ?? all)
    .replace(/\\u([0-9a-f]{4})/gi, (_, hex) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/\\x([0-9a-f]{2})/gi, (_, hex) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/\\([/"'`])/g, "$1")
    .replace(/\\n/g, " ")
    .replace(/\s+/g, " ")
    .toLowerCase();
}

/** The markers found in one text: `[{ what, text }]`. */
export function markersIn(raw, markers) {
  const text = normalizeText(raw);
  return markers.filter((marker) =>
    (marker.allowedIn ? text.replace(marker.allowedIn, " ") : text).includes(
      normalizeText(marker.text),
    ),
  );
}

const TEXT_FILE = /\.(html|js|mjs|css|json|xml|txt|webmanifest|svg|map|ics|eml)$/i;

/**
 * Every leak in a folder (a built site): a text file holding a marker, an image whose content
 * is one of the sample's. One `{ file, what, text }` each, `file` relative to the folder.
 * Compressed copies (.br, .gz) hold what their originals hold and are skipped.
 */
export function findLeaks(dir, markers, imageHashes) {
  const leaks = [];
  const entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const name = path.relative(dir, file).split(path.sep).join("/");
    if (IMAGE_FILE.test(entry.name)) {
      const origin = imageHashes.get(sha256(readFileSync(file)));
      if (origin) leaks.push({ file: name, what: "image", text: `the same bytes as ${origin}` });
    }
    if (TEXT_FILE.test(entry.name)) {
      for (const marker of markersIn(readFileSync(file, "utf8"), markers)) {
        leaks.push({ file: name, what: marker.what, text: marker.text });
      }
    }
  }
  return leaks.sort((a, b) => a.file.localeCompare(b.file) || a.text.localeCompare(b.text));
}

/** One line per marker found, naming the files that hold it, for a failing check's output. */
export function summarizeLeaks(leaks, shown = 4) {
  const byMarker = new Map();
  for (const { file, what, text } of leaks) {
    const key = `${what}: "${text}"`;
    byMarker.set(key, [...(byMarker.get(key) ?? []), file]);
  }
  return [...byMarker].map(([marker, files]) => {
    const head = files.slice(0, shown).join(", ");
    const rest = files.length > shown ? ` and ${files.length - shown} more` : "";
    return `${marker} in ${head}${rest}`;
  });
}
