import { describe, expect, it } from "vitest";
import { canAccessDashboard, roleLabelsAllowed, userRoleLabel } from "./access.ts";
import {
  accountChangeRefusal,
  can,
  lowestRoleFor,
  PERMISSIONS,
  permissionDeniedMessage,
  permissionMatrix,
  STAFF_ROLES,
  staffRoleOf,
  USER_RULE_MESSAGES,
} from "./permissions.ts";

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
        "templates.manage",
        "reports.view",
        "privacy.manage",
      ],
      admin: [
        "leads.view",
        "leads.work",
        "leads.assign",
        "leads.export",
        "leads.archive",
        "templates.manage",
        "reports.view",
        "users.manage",
        "book.import",
        "privacy.manage",
        "people.erase",
      ],
      superAdmin: [
        "leads.view",
        "leads.work",
        "leads.assign",
        "leads.export",
        "leads.archive",
        "templates.manage",
        "reports.view",
        "users.manage",
        "admins.manage",
        "book.import",
        "privacy.manage",
        "people.erase",
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

describe("who may change whose account", () => {
  const superAdmin = { isAdmin: true, supperAdmin: true };
  const admin = { isAdmin: true, supperAdmin: false, role: ["User", "Admin"] };
  const manager = { ...plain, role: ["User", "Manager"] };
  const agent = { ...plain, role: ["User", "Agent"] };

  it("lets an admin manage non-admins' roles, never Admin or an admin's account", () => {
    expect(accountChangeRefusal(admin, agent, { role: ["User", "Manager"] })).toBeNull();
    expect(accountChangeRefusal(admin, manager, { isVerified: false } as object)).toBeNull();
    expect(accountChangeRefusal(admin, agent, { isAdmin: true })).toBe(
      USER_RULE_MESSAGES.adminGrant,
    );
    expect(accountChangeRefusal(admin, agent, { role: ["Admin"] })).toBe(
      USER_RULE_MESSAGES.adminGrant,
    );
    expect(accountChangeRefusal(admin, admin)).toBe(USER_RULE_MESSAGES.adminTarget);
    expect(accountChangeRefusal(admin, superAdmin)).toBe(USER_RULE_MESSAGES.superAdminTarget);
    expect(accountChangeRefusal(admin, agent, { supperAdmin: true })).toBe(
      USER_RULE_MESSAGES.superAdminGrant,
    );
  });

  it("lets a super admin do all of it, and nobody below admin any of it", () => {
    expect(accountChangeRefusal(superAdmin, admin, { isAdmin: false })).toBeNull();
    expect(accountChangeRefusal(superAdmin, agent, { supperAdmin: true })).toBeNull();
    expect(accountChangeRefusal(manager, agent, { role: ["User"] })).toBe(
      permissionDeniedMessage("users.manage"),
    );
  });
});

describe("the dashboard opens for every staff role", () => {
  it.each([
    [["User"], false, "User"],
    [["User", "Support"], true, "Support"],
    [["User", "Agent"], true, "Agent"],
    [["User", "Manager"], true, "Manager"],
    [["User", "Admin"], true, "Administrator"],
  ])("%j → dashboard %s, label %s", (role, opens, label) => {
    expect(canAccessDashboard({ ...plain, role })).toBe(opens);
    expect(userRoleLabel({ ...plain, role })).toBe(label);
  });
});

describe("the roles a route's access admits, as the API document names them", () => {
  it.each([
    ["leads.view", ["Agent", "Support", "Manager", "Administrator", "Super Admin"]],
    ["leads.work", ["Agent", "Support", "Manager", "Administrator", "Super Admin"]],
    ["leads.export", ["Manager", "Administrator", "Super Admin"]],
    ["users.manage", ["Administrator", "Super Admin"]],
    ["admins.manage", ["Super Admin"]],
    ["user", ["User", "Agent", "Support", "Manager", "Administrator", "Super Admin"]],
  ] as const)("%s: %j", (access, roles) => {
    expect(roleLabelsAllowed(access)).toEqual(roles);
  });

  it("follows the matrix for every permission", () => {
    for (const permission of PERMISSIONS) {
      const lowest = STAFF_ROLES.indexOf(lowestRoleFor(permission));
      expect(roleLabelsAllowed(permission).length).toBe(
        lowest === 0 ? 5 : STAFF_ROLES.length - lowest,
      );
    }
  });
});
