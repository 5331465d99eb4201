import { AGENCY } from "@agency/domain";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ProfileImage } from "./profile-image";

const html = (element: React.ReactElement) => {
  const container = document.createElement("div");
  container.innerHTML = renderToString(element);
  return container;
};

describe("ProfileImage", () => {
  const photo = AGENCY.team.find((person) => person.photo)?.photo ?? "";

  it("draws a team photo as AVIF and WebP sources over a JPEG, sized, lazy and async", () => {
    const root = html(<ProfileImage file={photo} use="team" alt="Dana" className="size-32" />);
    const sources = [...root.querySelectorAll("picture > source")];
    expect(sources.map((source) => source.getAttribute("type"))).toEqual([
      "image/avif",
      "image/webp",
    ]);
    expect(sources[0]?.getAttribute("srcset")).toMatch(/\.avif 320w, .+\.avif 640w$/);
    const img = root.querySelector("picture > img");
    expect(img?.getAttribute("src")).toMatch(/\.jpg$/);
    expect(img?.getAttribute("width")).toBe("160");
    expect(img?.getAttribute("height")).toBe("160");
    expect(img?.getAttribute("sizes")).toBe("160px");
    expect(img?.getAttribute("loading")).toBe("lazy");
    expect(img?.getAttribute("decoding")).toBe("async");
    expect(img?.getAttribute("alt")).toBe("Dana");
    expect(img?.getAttribute("class")).toBe("size-32");
  });

  it("draws an SVG logo as it is, eagerly when asked", () => {
    const root = html(<ProfileImage file={AGENCY.logo} use="logo" alt="" eager />);
    expect(root.querySelectorAll("source")).toHaveLength(0);
    const img = root.querySelector("picture > img");
    // A file in the build (assetsInlineLimit 0 there); Vitest's Vite may inline a small one.
    expect(img?.getAttribute("src")).toMatch(/\.svg$|^data:image\/svg\+xml,/);
    expect(img?.hasAttribute("srcset")).toBe(false);
    expect([img?.getAttribute("width"), img?.getAttribute("height")]).toEqual(["40", "40"]);
    expect(img?.getAttribute("loading")).toBe("eager");
    expect(img?.hasAttribute("decoding")).toBe(false);
  });

  it("refuses a file the profile does not name for that use", () => {
    expect(() => html(<ProfileImage file="nobody.jpg" use="team" alt="" />)).toThrow(
      '"nobody.jpg" is not a team image of the agency profile',
    );
    expect(() => html(<ProfileImage file={photo} use="carrier" alt="" />)).toThrow();
  });
});
