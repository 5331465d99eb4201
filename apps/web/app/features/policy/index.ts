/** The policy feature as other features see it (scripts/check-boundaries.mjs). */
export { IssuePolicyForm } from "./issue-policy-form";
export { IssuePolicyPanel } from "./issue-policy-panel";
export { PoliciesPanel } from "./policies-panel";
