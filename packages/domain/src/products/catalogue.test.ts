import { describe, expect, it } from "vitest";
import { HOME_PRODUCTS } from "./home-catalogue.ts";
import { PRODUCT_LINES, productLinesIn } from "./product-lines.ts";

describe("HOME_PRODUCTS", () => {
  it("matches the spec's table of products", () => {
    expect(
      HOME_PRODUCTS.map(({ id, title, shortTitle, savingsLabel, features, popular }) => ({
        id,
        title,
        shortTitle,
        savingsLabel,
        features,
        popular,
      })),
    ).toEqual([
      {
        id: "auto",
        title: "Auto Insurance",
        shortTitle: "Auto",
        savingsLabel: "Competitive rates",
        features: [
          "Collision Coverage",
          "Liability Protection",
          "Claims Support",
          "Roadside Assistance",
        ],
        popular: true,
      },
      {
        id: "home",
        title: "Home & Property",
        shortTitle: "Property",
        savingsLabel: "Bundle options available",
        features: [
          "Dwelling Protection",
          "Personal Property",
          "Liability Coverage",
          "Bundle Discounts",
        ],
        popular: false,
      },
      {
        id: "motorcycle",
        title: "Motorcycle Insurance",
        shortTitle: "Motorcycle",
        savingsLabel: "Flexible rates",
        features: [
          "Accessory Protection",
          "Roadside Assistance",
          "Trip Interruption",
          "Custom Coverage",
        ],
        popular: false,
      },
      {
        id: "rv",
        title: "RV Insurance",
        shortTitle: "RV",
        savingsLabel: "Tailored rates",
        features: [
          "Full-Timer Options",
          "Personal Effects",
          "Emergency Expenses",
          "Vacation Liability",
        ],
        popular: false,
      },
      {
        id: "commercial",
        title: "Commercial Insurance",
        shortTitle: "Business",
        savingsLabel: "Enterprise pricing",
        features: [
          "General Liability",
          "Commercial Auto",
          "Workers Comp",
          "Professional Liability",
        ],
        popular: false,
      },
    ]);
  });

  it("gives every product real copy, an icon name and a gradient", () => {
    for (const product of HOME_PRODUCTS) {
      expect(product.description.length).toBeGreaterThan(40);
      expect(product.details.length).toBeGreaterThan(100);
      expect(product.icon).toMatch(/^[a-z-]+$/);
      expect(product.gradient).toMatch(/^linear-gradient\(/);
    }
  });
});

describe("PRODUCT_LINES", () => {
  it("has 8 products, 4 personal and 4 business, 3 features each", () => {
    expect(PRODUCT_LINES).toHaveLength(8);
    expect(productLinesIn("all")).toHaveLength(8);
    expect(productLinesIn("personal").map((product) => product.title)).toEqual([
      "Auto Insurance",
      "Home Insurance",
      "Motorcycle/ATV Insurance",
      "Renters Insurance",
    ]);
    expect(productLinesIn("business").map((product) => product.title)).toEqual([
      "Commercial Insurance",
      "Workers Compensation",
      "Cyber Liability",
      "General Liability",
    ]);
    for (const product of PRODUCT_LINES) expect(product.features).toHaveLength(3);
  });

  it("carries the anchors the menus link to, each once", () => {
    const anchors = PRODUCT_LINES.map((product) => product.anchor);
    expect(new Set(anchors).size).toBe(anchors.length);
    expect(anchors).toEqual(
      expect.arrayContaining([
        "auto-insurance",
        "home-insurance",
        "commercial-insurance",
        "commercial-general-liability",
      ]),
    );
  });
});
