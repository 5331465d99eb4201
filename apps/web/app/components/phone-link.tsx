import { isPhoneNumber, nationalPhoneDigits, phoneForms } from "@agency/domain";
import { cn } from "../lib/cn";
import { displayPhone } from "../lib/format";

/**
 * A customer's phone where staff see it: tap-to-call (`tel:+16125550199`, the E.164 form
 * phoneForms derives) showing "(612) 555-0199". A stored number that is not a North American
 * one (older data) is shown as it is, with no link that would dial something else.
 */
export function PhoneLink({ phone, className }: { phone: string; className?: string }) {
  if (!isPhoneNumber(nationalPhoneDigits(phone))) {
    return <span className={className}>{displayPhone(phone)}</span>;
  }
  const forms = phoneForms(phone);
  return (
    // At least 24 px tall: a target on its own in a cell or card (WCAG 2.5.8).
    <a
      href={forms.href}
      className={cn(
        "inline-flex min-h-6 items-center underline-offset-2 hover:underline",
        className,
      )}
    >
      {forms.display}
    </a>
  );
}
