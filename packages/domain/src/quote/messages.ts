export const QUOTE_MESSAGES = {
  submitted: "Quote submitted successfully! Someone will contact you soon.",
  /** Spec quirk: the web app shows this toast after any response, success or not. */
  submittedToast:
    "Thank you. Your quote has been submitted and will be reviewed within 2 hours & you will receive an email.",
  submitFailed: "Failed to submit quote",
  submitError: "An error occurred while submitting the quote",
  processing: "Processing...",
} as const;

export const QUOTE_TOAST_DURATION_MS = 8000;

/** Dashboard: the quotes view's messages. */
export const QUOTE_ADMIN_MESSAGES = {
  loadErrorTitle: "Error Loading Quotes",
  loadFailed: "Failed to fetch quotes",
  unexpectedFormat: "Unexpected data format",
  deleted: "Quote deleted successfully!",
  deleteFailed: "Failed to delete quote",
  confirmDelete: "Are you sure you want to delete this quote?",
  empty: "No Quotes Found",
} as const;
