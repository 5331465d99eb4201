export const AUTH_MESSAGES = {
  invalidCredentials: "Invalid email or password",
  loginFailed: "Login failed",
  logoutFailed: "An error occurred during logout",
  outsideProvider: "useAuth must be used within an AuthProvider",
} as const;

/** Dashboard users view (booking-auth-dashboard.md section 8). */
export const USER_ADMIN_MESSAGES = {
  loadFailed: (reason: string) => `Failed to fetch users: ${reason}`,
  updated: "User updated successfully!",
  updateFailed: (reason: string) => `Failed to update user: ${reason}`,
} as const;
