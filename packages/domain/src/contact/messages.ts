export const CONTACT_REPLY_HOURS = 24;
export const CONTACT_SUCCESS_REDIRECT_MS = 5000;

export const CONTACT_MESSAGES = {
  successTitle: "Message Sent Successfully!",
  successBody: "Thank you for contacting us! We'll get back to you within 24 hours.",
  submitFailed: "Submission failed. Please try again later.",
  sending: "Sending...",
} as const;

/** Dashboard: the contacts view's messages. */
export const CONTACT_ADMIN_MESSAGES = {
  loadFailed: "Failed to load contacts",
  loadErrorTitle: "Error Loading Contacts",
  deleted: "Contact deleted successfully!",
  deleteFailed: (reason: string) => `Failed to delete contact: ${reason}`,
  confirmDelete: "Are you sure you want to delete this contact?",
  empty: "No Contacts Found",
  replySubject: "Re: Your Contact Message",
} as const;

/** The dashboard truncates a message to this many characters before "More". */
export const CONTACT_PREVIEW_LENGTH = { card: 100, table: 50 } as const;
