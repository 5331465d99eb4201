export const AUTH_MESSAGES = {
  invalidCredentials: "Invalid email or password",
  loginFailed: "Login failed",
  logoutFailed: "An error occurred during logout",
  outsideProvider: "useAuth must be used within an AuthProvider",
} as const;

/** Dashboard: the users view's messages. */
export const USER_ADMIN_MESSAGES = {
  loadFailed: (reason: string) => `Failed to fetch users: ${reason}`,
  updated: "User updated successfully!",
  updateFailed: (reason: string) => `Failed to update user: ${reason}`,
} as const;
