import { describe, expect, it } from "vitest";
import { can, permissionDeniedMessage, permissionMatrix, staffRoleOf } from "./permissions.ts";

const plain = { isAdmin: false, supperAdmin: false };

describe("the role matrix (issue 14, decision 0025)", () => {
  it("grants each role what the issue says, each including the one before", () => {
    expect(permissionMatrix()).toEqual({
      agent: ["leads.view", "leads.work"],
      manager: [
        "leads.view",
        "leads.work",
        "leads.assign",
        "leads.export",
        "leads.archive",
        "reports.view",
      ],
      admin: [
        "leads.view",
        "leads.work",
        "leads.assign",
        "leads.export",
        "leads.archive",
        "reports.view",
        "users.manage",
      ],
      superAdmin: [
        "leads.view",
        "leads.work",
        "leads.assign",
        "leads.export",
        "leads.archive",
        "reports.view",
        "users.manage",
        "admins.manage",
      ],
    });
  });

  it("reads the staff role from the flags and the role list", () => {
    expect(staffRoleOf(null)).toBeNull();
    expect(staffRoleOf({ ...plain, role: ["User"] })).toBeNull();
    expect(staffRoleOf({ ...plain, role: ["User", "Support"] })).toBe("agent");
    expect(staffRoleOf({ ...plain, role: ["Agent", "Manager"] })).toBe("manager");
    expect(staffRoleOf({ ...plain, role: ["Admin"] })).toBe("admin");
    expect(staffRoleOf({ ...plain, isAdmin: true })).toBe("admin");
    expect(staffRoleOf({ isAdmin: false, supperAdmin: true })).toBe("superAdmin");
    expect(can({ ...plain, role: ["Agent"] }, "leads.export")).toBe(false);
    expect(can({ ...plain, role: ["Manager"] }, "leads.export")).toBe(true);
  });

  it("words a refusal with the role it takes", () => {
    expect(permissionDeniedMessage("leads.export")).toBe(
      "Your role cannot export leads: Manager access required",
    );
    expect(permissionDeniedMessage("leads.view")).toBe(
      "Your role cannot see leads: Staff access required",
    );
  });
});
