import { describe, expect, it } from "vitest";
import type * as z from "zod";
import { zodIssuesToFieldErrors } from "../field-errors.ts";
import { accountStatus, canAccessDashboard, userDisplayName, userRoleLabel } from "./access.ts";
import { AUTH_MESSAGES, USER_ADMIN_MESSAGES } from "./messages.ts";
import { isRole, ROLES, toggleRole } from "./roles.ts";
import { LoginSchema, PasswordSchema, UserSchema, UserUpdateSchema } from "./schema.ts";

function errorsOf(target: z.ZodType, input: unknown) {
  const result = target.safeParse(input);
  return result.success ? [] : zodIssuesToFieldErrors(result.error);
}

const user = {
  _id: "01JD4W7Z6Q",
  email: "admin@example.com",
  firstName: "Dana",
  lastName: "Berg",
  role: ["Admin", "Agent"],
  isAdmin: true,
  supperAdmin: false,
  isVerified: true,
  createdAt: "2026-11-21T22:30:00.000Z",
};

describe("UserSchema", () => {
  it("accepts a user as the API returns it", () => {
    expect(UserSchema.parse(user)).toEqual(user);
  });

  it("drops fields it does not declare, such as a password hash", () => {
    expect(UserSchema.parse({ ...user, passwordHash: "x" })).not.toHaveProperty("passwordHash");
  });

  it.each([
    ["role", ["Owner"]],
    ["createdAt", "21/11/2026"],
    ["createdAt", "2026-11-21T16:30:00-06:00"],
    ["supperAdmin", "no"],
    ["_id", ""],
  ])("rejects %s = %j", (field, value) => {
    expect(UserSchema.safeParse({ ...user, [field]: value }).success).toBe(false);
  });
});

describe("LoginSchema", () => {
  it.each([
    [{ password: "secret" }, [{ field: "email", message: "Email is required" }]],
    [{ email: "", password: "secret" }, [{ field: "email", message: "Email is required" }]],
    [{ email: "dana", password: "secret" }, [{ field: "email", message: "Email is invalid" }]],
    [{ email: "dana@example.com" }, [{ field: "password", message: "Password is required" }]],
    [
      { email: "dana@example.com", password: "" },
      [{ field: "password", message: "Password is required" }],
    ],
    [
      { email: "dana@example.com", password: "p".repeat(129) },
      [{ field: "password", message: "Password must be at most 128 characters" }],
    ],
  ])("%j → %j", (input, errors) => {
    expect(errorsOf(LoginSchema, input)).toEqual(errors);
  });

  it("normalises the email, keeps the password as typed and defaults rememberMe", () => {
    expect(LoginSchema.parse({ email: " Dana@Example.com ", password: " pass " })).toEqual({
      email: "dana@example.com",
      password: " pass ",
      rememberMe: false,
    });
    expect(
      LoginSchema.parse({ email: "dana@example.com", password: "x", rememberMe: true }).rememberMe,
    ).toBe(true);
  });
});

describe("PasswordSchema", () => {
  it.each([
    ["", "Password must be at least 12 characters"],
    ["p".repeat(11), "Password must be at least 12 characters"],
    ["p".repeat(129), "Password must be at most 128 characters"],
    [undefined, "Password must be at least 12 characters"],
  ])("%j → %j", (password, message) => {
    expect(errorsOf(PasswordSchema, password)).toEqual([{ field: "", message }]);
  });

  it.each(["p".repeat(12), "p".repeat(128), " with spaces <b> "])(
    "accepts %j as typed",
    (password) => {
      expect(PasswordSchema.parse(password)).toBe(password);
    },
  );
});

describe("UserUpdateSchema", () => {
  it.each([
    [{ isAdmin: true }],
    [{ supperAdmin: false, isVerified: true }],
    [{ role: ["User", "Agent"] }],
    [{ role: [] }],
  ])("accepts %j", (update) => {
    expect(UserUpdateSchema.parse(update)).toEqual(update);
  });

  it.each([
    [
      { email: "x@example.com" },
      "",
      "Only isAdmin, supperAdmin, isVerified and role can be updated",
    ],
    [
      { isAdmin: true, password: "x" },
      "",
      "Only isAdmin, supperAdmin, isVerified and role can be updated",
    ],
    [{}, "", "Nothing to update"],
    [{ isAdmin: "true" }, "isAdmin", "Must be true or false"],
    [{ role: "Admin" }, "role", "Roles must be a list"],
    [
      { role: ["Admin", "Boss"] },
      "role.1",
      "Role must be one of User, Admin, Manager, Support, Agent",
    ],
    [{ role: ["Admin", "Admin"] }, "role", "Each role can be given only once"],
  ])("%j → %s: %s", (update, field, message) => {
    expect(errorsOf(UserUpdateSchema, update)).toEqual([{ field, message }]);
  });
});

describe("roles", () => {
  it("has User, Admin, Manager, Support, Agent", () => {
    expect(ROLES).toEqual(["User", "Admin", "Manager", "Support", "Agent"]);
    expect(isRole("Agent")).toBe(true);
    expect(isRole("agent")).toBe(false);
  });

  it("toggles a role in or out, keeping the list ordered and unique", () => {
    expect(toggleRole(["Agent"], "User")).toEqual(["User", "Agent"]);
    expect(toggleRole(["User", "Agent"], "User")).toEqual(["Agent"]);
    expect(toggleRole(["Agent", "Agent"], "Admin")).toEqual(["Admin", "Agent"]);
  });
});

describe("access helpers", () => {
  it.each([
    [{ isAdmin: true, supperAdmin: false }, true, "Administrator"],
    [{ isAdmin: false, supperAdmin: true }, true, "Super Admin"],
    [{ isAdmin: true, supperAdmin: true }, true, "Super Admin"],
    [{ isAdmin: false, supperAdmin: false }, false, "User"],
  ])("%o → dashboard %s, label %s", (flags, canAccess, label) => {
    expect(canAccessDashboard(flags)).toBe(canAccess);
    expect(userRoleLabel(flags)).toBe(label);
  });

  it("keeps anonymous visitors out", () => {
    expect(canAccessDashboard(null)).toBe(false);
    expect(canAccessDashboard(undefined)).toBe(false);
  });

  it.each([
    [{ firstName: "Dana", lastName: "Berg", email: "d@example.com" }, "Dana Berg"],
    [{ firstName: "Dana", lastName: "", email: "d@example.com" }, "Dana"],
    [{ firstName: " ", lastName: "", email: "d@example.com" }, "d@example.com"],
    [{ firstName: "", lastName: "", email: "" }, "Admin User"],
    [null, "Admin User"],
  ])("display name of %o is %s", (person, name) => {
    expect(userDisplayName(person)).toBe(name);
  });

  it("calls a verified account Active", () => {
    expect(accountStatus({ isVerified: true })).toBe("Active");
    expect(accountStatus({ isVerified: false })).toBe("Inactive");
  });
});

describe("auth and user messages", () => {
  it("keeps the spec's wording", () => {
    expect(AUTH_MESSAGES).toEqual({
      invalidCredentials: "Invalid email or password",
      loginFailed: "Login failed",
      logoutFailed: "An error occurred during logout",
      outsideProvider: "useAuth must be used within an AuthProvider",
    });
    expect(USER_ADMIN_MESSAGES.loadFailed("timeout")).toBe("Failed to fetch users: timeout");
    expect(USER_ADMIN_MESSAGES.updated).toBe("User updated successfully!");
    expect(USER_ADMIN_MESSAGES.updateFailed("Forbidden")).toBe("Failed to update user: Forbidden");
  });
});
