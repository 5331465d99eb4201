/** The policy feature as other features see it (scripts/check-boundaries.mjs). */

export { ChoosePolicyholder, ISSUE_POLICY_PARAM, issuePolicyPath } from "./choose-policyholder";
export { IssuePolicyForm } from "./issue-policy-form";
export { IssuePolicyPanel } from "./issue-policy-panel";
export { PoliciesPanel } from "./policies-panel";
export { RenewalsView } from "./renewals-view";
export { XDatePanel } from "./x-date-panel";
