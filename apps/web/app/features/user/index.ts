/** What other features may use of the user feature: the dashboard's Users view. */
export { UsersView } from "./users-view";
