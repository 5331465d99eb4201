/** The policy feature as other features see it (scripts/check-boundaries.mjs). */
export { IssuePolicyForm } from "./issue-policy-form";
export { IssuePolicyPanel } from "./issue-policy-panel";
export { PoliciesPanel } from "./policies-panel";
export { RenewalsView } from "./renewals-view";
export { XDatePanel } from "./x-date-panel";
