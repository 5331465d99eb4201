import { permissionDeniedMessage, USER_RULE_MESSAGES } from "@agency/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { linkTokenFromMail, linkTokensFromMail } from "../test/mail.ts";
import { SUPER_ADMIN_GRANT_MESSAGE, SUPER_ADMIN_TARGET_MESSAGE } from "./service.ts";

describe.each(testEngines())("invitations and super admin rights on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  let owner: Awaited<ReturnType<typeof signInAs>>;
  let admin: Awaited<ReturnType<typeof signInAs>>;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database);
    owner = await signInAs(test.app, database, "super-admin");
    admin = await signInAs(test.app, database, "admin");
  });
  afterAll(async () => {
    await test.app.close();
    await database.drop();
  });

  const as = (caller: { token: string }) => ({ authorization: `Bearer ${caller.token}` });

  const invite = async (email: string, isAdmin = false) => {
    const response = await test.app.inject({
      method: "POST",
      url: "/api/users/invite",
      payload: { email, firstName: "New", isAdmin },
      headers: as(admin),
    });
    expect(response.statusCode).toBe(201);
    return response.json()._id as string;
  };

  const accept = (token: string, password = "the invitee's passphrase") =>
    test.app.inject({
      method: "POST",
      url: "/api/users/reset-password",
      payload: { token, password },
    });

  const signIn = (email: string, password = "the invitee's passphrase") =>
    test.app.inject({ method: "POST", url: "/api/users/login", payload: { email, password } });

  const userById = async (id: string) =>
    (
      await test.app.inject({ method: "GET", url: `/api/users/list/${id}`, headers: as(admin) })
    ).json();

  it("shows a pending invitation with its expiry, and none for accounts with a password", async () => {
    const id = await invite("pending@example.com");
    const list = (
      await test.app.inject({ method: "GET", url: "/api/users/list", headers: as(admin) })
    ).json() as { _id: string; invitation?: { expiresAt: string | null } }[];
    const invitee = list.find((user) => user._id === id);
    const expiresAt = Date.parse(String(invitee?.invitation?.expiresAt));
    expect(expiresAt - Date.now()).toBeGreaterThan(71 * 3_600_000);
    expect(list.find((user) => user._id === admin.userId)).not.toHaveProperty("invitation");
  });

  it("revoking an invitation kills its link at once; the account stays, without a live link", async () => {
    const id = await invite("revoked@example.com");
    const token = await linkTokenFromMail(test.app, database, "user.invite", "revoked@example.com");
    const revoked = await test.app.inject({
      method: "DELETE",
      url: `/api/users/list/${id}/invitation`,
      headers: as(admin),
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().invitation).toEqual({ expiresAt: null });
    expect((await accept(token)).statusCode).toBe(400);
    expect((await signIn("revoked@example.com")).statusCode).toBe(401);
    expect((await userById(id)).isVerified).toBe(false);
    const audit = await database.handle.db
      .selectFrom("audit_log")
      .select("actor_user_id")
      .where("action", "=", "user.invitation.revoked")
      .where("target_id", "=", id)
      .executeTakeFirst();
    expect(audit?.actor_user_id).toBe(admin.userId);
  });

  it("resending mails a new link and kills the earlier one", async () => {
    const id = await invite("resent@example.com");
    const [first] = await linkTokensFromMail(
      test.app,
      database,
      "user.invite",
      "resent@example.com",
    );
    const resent = await test.app.inject({
      method: "POST",
      url: `/api/users/list/${id}/invitation/resend`,
      headers: as(admin),
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().invitation.expiresAt).toEqual(expect.any(String));
    const tokens = await linkTokensFromMail(
      test.app,
      database,
      "user.invite",
      "resent@example.com",
    );
    expect(tokens).toHaveLength(2);
    const second = tokens.find((token) => token !== first) ?? "";
    expect((await accept(first ?? "")).statusCode).toBe(400);
    expect((await accept(second)).statusCode).toBe(200);
    expect((await signIn("resent@example.com")).statusCode).toBe(200);
  });

  it("a deactivated invitee can neither accept the invitation nor sign in", async () => {
    const id = await invite("deactivated@example.com");
    const token = await linkTokenFromMail(
      test.app,
      database,
      "user.invite",
      "deactivated@example.com",
    );
    const deactivate = await test.app.inject({
      method: "PUT",
      url: `/api/users/list/update/${id}`,
      payload: { isVerified: false },
      headers: as(admin),
    });
    expect(deactivate.statusCode).toBe(200);
    expect(deactivate.json().invitation).toEqual({ expiresAt: null });
    expect((await accept(token)).statusCode).toBe(400);
    expect((await signIn("deactivated@example.com")).statusCode).toBe(401);
    expect((await userById(id)).isVerified).toBe(false);
  });

  it("deleting an invitee kills the link; an account that has a password is deactivated instead", async () => {
    const id = await invite("deleted@example.com");
    const token = await linkTokenFromMail(test.app, database, "user.invite", "deleted@example.com");
    const deleted = await test.app.inject({
      method: "DELETE",
      url: `/api/users/list/${id}`,
      headers: as(admin),
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true });
    expect((await accept(token)).statusCode).toBe(400);
    expect((await signIn("deleted@example.com")).statusCode).toBe(401);
    expect(
      (await test.app.inject({ method: "GET", url: `/api/users/list/${id}`, headers: as(admin) }))
        .statusCode,
    ).toBe(404);
    const staff = await signInAs(test.app, database, "user");
    for (const [method, url] of [
      ["DELETE", `/api/users/list/${staff.userId}`],
      ["DELETE", `/api/users/list/${staff.userId}/invitation`],
      ["POST", `/api/users/list/${staff.userId}/invitation/resend`],
    ] as const) {
      const refused = await test.app.inject({ method, url, headers: as(admin) });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe(
        "This person has already accepted the invitation and chosen a password.",
      );
    }
  });

  it("only a super admin grants or revokes super admin", async () => {
    const staff = await signInAs(test.app, database, "admin");
    const grant = (caller: { token: string }, supperAdmin: boolean) =>
      test.app.inject({
        method: "PUT",
        url: `/api/users/list/update/${staff.userId}`,
        payload: { supperAdmin },
        headers: as(caller),
      });
    const refused = await grant(admin, true);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(SUPER_ADMIN_GRANT_MESSAGE);
    expect((await userById(staff.userId)).supperAdmin).toBe(false);
    expect((await grant(owner, true)).statusCode).toBe(200);
    expect((await grant(admin, false)).statusCode).toBe(403);
    expect((await grant(owner, false)).statusCode).toBe(200);
    // An admin's account is a super admin's to change, even when nothing would change.
    const untouched = await grant(admin, false);
    expect(untouched.statusCode).toBe(403);
    expect(untouched.json().error).toBe(USER_RULE_MESSAGES.adminTarget);
  });

  it("an admin manages Agents, Support and Managers; only a super admin grants Admin or acts on an admin", async () => {
    const staff = await signInAs(test.app, database, "user");
    const other = await signInAs(test.app, database, "admin");
    const put = (caller: { token: string }, id: string, payload: object) =>
      test.app.inject({
        method: "PUT",
        url: `/api/users/list/update/${id}`,
        payload,
        headers: as(caller),
      });
    for (const role of [
      ["User", "Agent"],
      ["User", "Support"],
      ["User", "Manager"],
    ]) {
      const answer = await put(admin, staff.userId, { role });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ role, isAdmin: false });
    }
    for (const payload of [{ isAdmin: true }, { role: ["User", "Admin"] }]) {
      const refused = await put(admin, staff.userId, payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe(USER_RULE_MESSAGES.adminGrant);
    }
    for (const payload of [
      { isAdmin: false },
      { isVerified: false },
      { role: ["User", "Admin", "Manager"] },
    ]) {
      const refused = await put(admin, other.userId, payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe(USER_RULE_MESSAGES.adminTarget);
    }
    const adminInvite = await test.app.inject({
      method: "POST",
      url: "/api/users/invite",
      payload: { email: "would-be-admin@example.com", isAdmin: true },
      headers: as(admin),
    });
    expect(adminInvite.statusCode).toBe(403);
    expect(adminInvite.json().error).toBe(USER_RULE_MESSAGES.adminGrant);
    // The Admin role and the flag move together, either way in.
    const promoted = await put(owner, staff.userId, { role: ["User", "Manager", "Admin"] });
    expect(promoted.json()).toMatchObject({ isAdmin: true, role: ["User", "Manager", "Admin"] });
    const demoted = await put(owner, staff.userId, { isAdmin: false });
    expect(demoted.json()).toMatchObject({ isAdmin: false, role: ["User", "Manager"] });
    // A manager does not manage users at all.
    const manager = await signInAs(test.app, database, "manager");
    const byManager = await put(manager, staff.userId, { role: ["User", "Agent"] });
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json().error).toBe(permissionDeniedMessage("users.manage"));
  });

  it("an admin cannot demote, deactivate, re-role, re-invite or delete a super admin", async () => {
    const boss = await signInAs(test.app, database, "super-admin");
    for (const payload of [{ isAdmin: false }, { isVerified: false }, { role: ["User"] }]) {
      const response = await test.app.inject({
        method: "PUT",
        url: `/api/users/list/update/${boss.userId}`,
        payload,
        headers: as(admin),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(SUPER_ADMIN_TARGET_MESSAGE);
    }
    expect(await userById(boss.userId)).toMatchObject({ isAdmin: true, isVerified: true });

    const invitee = await invite("future.owner@example.com");
    const promote = await test.app.inject({
      method: "PUT",
      url: `/api/users/list/update/${invitee}`,
      payload: { supperAdmin: true },
      headers: as(owner),
    });
    expect(promote.statusCode).toBe(200);
    for (const [method, url] of [
      ["DELETE", `/api/users/list/${invitee}/invitation`],
      ["POST", `/api/users/list/${invitee}/invitation/resend`],
      ["DELETE", `/api/users/list/${invitee}`],
    ] as const) {
      const response = await test.app.inject({ method, url, headers: as(admin) });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(SUPER_ADMIN_TARGET_MESSAGE);
    }
    // A super admin may.
    const byOwner = await test.app.inject({
      method: "PUT",
      url: `/api/users/list/update/${boss.userId}`,
      payload: { isAdmin: false },
      headers: as(owner),
    });
    expect(byOwner.statusCode).toBe(200);
    expect(
      (
        await test.app.inject({
          method: "DELETE",
          url: `/api/users/list/${invitee}`,
          headers: as(owner),
        })
      ).statusCode,
    ).toBe(200);
  });

  it("answers 404 for an unknown user on every invitation route", async () => {
    for (const [method, url] of [
      ["DELETE", "/api/users/list/nobody/invitation"],
      ["POST", "/api/users/list/nobody/invitation/resend"],
      ["DELETE", "/api/users/list/nobody"],
    ] as const) {
      expect((await test.app.inject({ method, url, headers: as(owner) })).statusCode).toBe(404);
    }
  });
});
