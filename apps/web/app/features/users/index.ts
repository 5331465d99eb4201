/** What other features may use of the users feature: the dashboard's Users view. */
export { UsersView } from "./users-view";
