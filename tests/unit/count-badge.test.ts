import { describe, expect, it } from "vitest";
import { formatCount } from "../../components/ui/count-format";

// The words of the navigation's red count bubble (docs/product.md: "caps at '99+'";
// components/ui/count-badge.tsx shows them to the eye and, with the badge's label, to a screen reader). That the
// badge counts what the inbox holds, and moves live, is e2e/friends.spec.ts's and e2e/inbox.spec.ts's to show.

describe("a count badge's words", () => {
  it("are the count up to 99, and 99+ above it", () => {
    expect(formatCount(1)).toBe("1");
    expect(formatCount(99)).toBe("99");
    expect(formatCount(100)).toBe("99+");
    expect(formatCount(12_345)).toBe("99+");
  });
});
