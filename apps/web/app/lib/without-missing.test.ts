import { describe, expect, it } from "vitest";
import { withoutMissing } from "./without-missing";

describe("withoutMissing", () => {
  it("drops the entries left out and keeps the rest in order", () => {
    const figures: Partial<Record<"rating" | "clients", { value: string }>> = {
      clients: { value: "500+" },
    };
    const { rating, clients } = figures;
    expect(
      withoutMissing([
        rating && { label: `${rating.value} Rated` },
        { label: "Licensed" },
        clients && { label: `${clients.value} Clients` },
      ]),
    ).toEqual([{ label: "Licensed" }, { label: "500+ Clients" }]);
  });
});
