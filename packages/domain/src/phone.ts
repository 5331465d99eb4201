/** The contact form's phone input never shows more than "(AAA) BBB-CCCC". */
export const PHONE_DISPLAY_MAX_LENGTH = 14;

export const PHONE_DIGIT_COUNT = 10;

/** A North American number: the area code and the exchange never start with 0 or 1. */
const NORTH_AMERICAN_NUMBER = /^[2-9]\d{2}[2-9]\d{6}$/;

export function phoneDigits(input: string): string {
  return input.replace(/\D/g, "");
}

/**
 * The 10 digits a visitor meant: "+1 612 555 0100" and "1-612-555-0100" are
 * "6125550100". Only a leading 1 on exactly 11 digits is a country code; any other count
 * is left as typed, so the field can say it is not 10 digits (never silently cut).
 */
export function nationalPhoneDigits(input: string): string {
  const digits = phoneDigits(input);
  return digits.length === PHONE_DIGIT_COUNT + 1 && digits.startsWith("1")
    ? digits.slice(1)
    : digits;
}

/** True for 10 digits that can be a North American number (not "1612555010"). */
export function isPhoneNumber(digits: string): boolean {
  return NORTH_AMERICAN_NUMBER.test(digits);
}

/**
 * What a phone input keeps of what was typed or pasted: the national digits, at most 14
 * (the display limit), so a number that is too long stays visible and gets the field's
 * message instead of being cut to something that looks right.
 */
export function phoneInputDigits(typed: string): string {
  return nationalPhoneDigits(phoneDigits(typed).slice(0, PHONE_DISPLAY_MAX_LENGTH));
}

/** "(AAA) BBB-CCCC" for a valid number (a country code 1 dropped), else the digits alone. */
export function formatPhone(input: string): string {
  const digits = nationalPhoneDigits(input);
  if (!isPhoneNumber(digits)) return digits;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
