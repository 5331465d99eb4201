import { PRODUCT_CATEGORIES, type ProductCategory, productLinesIn } from "@agency/domain";
import { cn } from "../../lib/cn";

export type ProductFilterValue = ProductCategory | "all";

const FILTER_OPTIONS: ReadonlyArray<{ value: ProductFilterValue; label: string }> = [
  { value: "all", label: "All Products" },
  ...PRODUCT_CATEGORIES,
];

interface ProductFilterProps {
  value: ProductFilterValue;
  onChange: (value: ProductFilterValue) => void;
}

/**
 * The category filter: a labelled group of toggle buttons, exactly one pressed. Buttons are native,
 * so Tab reaches each one and Enter or Space presses it.
 */
export function ProductFilter({ value, onChange }: ProductFilterProps) {
  return (
    <fieldset>
      <legend className="sr-only">Filter products by category</legend>
      <div className="flex flex-wrap justify-center gap-2 sm:gap-3">
        {FILTER_OPTIONS.map((option) => {
          const isPressed = option.value === value;
          return (
            <button
              key={option.value}
              type="button"
              aria-pressed={isPressed}
              onClick={() => onChange(option.value)}
              className={cn(
                "min-h-11 cursor-pointer rounded-full px-4 py-2 text-sm font-semibold transition-colors sm:text-base",
                isPressed
                  ? "bg-navy-900 text-white shadow-md"
                  : "bg-white text-navy-900 ring-1 ring-slate-300 ring-inset hover:bg-brand-50 hover:ring-brand-600",
              )}
            >
              {`${option.label} (${productLinesIn(option.value).length})`}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
