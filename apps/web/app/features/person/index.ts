/**
 * What other features and the routes may use of people (issue 27 §1): the People list and
 * one person's page.
 */
export { DuplicatesView } from "./duplicates-view";
export { PeopleView } from "./people-view";
export { PersonPage } from "./person-page";
