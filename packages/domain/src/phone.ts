/** The contact form's phone input never shows more than "(AAA) BBB-CCCC". */
export const PHONE_DISPLAY_MAX_LENGTH = 14;

export const PHONE_DIGIT_COUNT = 10;

export function phoneDigits(input: string): string {
  return input.replace(/\D/g, "");
}

/** "(AAA) BBB-CCCC" when exactly 10 digits remain, else the digits alone. */
export function formatPhone(input: string): string {
  const digits = phoneDigits(input);
  if (digits.length !== PHONE_DIGIT_COUNT) return digits;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
