import { AGENCY } from "@agency/domain";

/** At most this many reviews are shown (issue 26 §3). */
export const MAX_REVIEWS_SHOWN = 6;

const monthYear = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  month: "long",
  year: "numeric",
});

/** The newest reviews of the profile first, at most six. */
export function reviewsToShow(reviews: typeof AGENCY.reviews = AGENCY.reviews) {
  return [...reviews]
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
    .slice(0, MAX_REVIEWS_SHOWN);
}

/** One star drawn as relative moves from its top point, so it can start anywhere. */
const STAR_MOVES = "l3.1 6.3 6.9 1-5 4.9 1.2 6.8-6.2-3.2-6.2 3.2 1.2-6.8-5-4.9 6.9-1z";

/** The first `count` of five stars, side by side in a 120 × 24 box. */
function starPath(from: number, count: number): string {
  return Array.from(
    { length: count },
    (_, index) => `M${12 + 24 * (from + index)} 2${STAR_MOVES}`,
  ).join("");
}

/**
 * The rating as one image: filled stars, then empty ones, in one SVG (two paths) rather
 * than five icons, which keeps the home page under its DOM budget (issue 26 §5).
 */
function Stars({ rating }: { rating: number }) {
  // The profile's ratings are whole stars, 1 to 5 (agency-profile.ts).
  const filled = rating;
  return (
    <svg
      role="img"
      aria-label={`Rated ${rating} out of 5`}
      viewBox="0 0 120 24"
      className="h-5 w-25 shrink-0"
    >
      {filled > 0 && <path d={starPath(0, filled)} className="fill-amber-500" />}
      {filled < 5 && <path d={starPath(filled, 5 - filled)} className="fill-slate-300" />}
    </svg>
  );
}

/**
 * The profile's client reviews (up to six, newest first) with their source and date, shown
 * only where the profile has some. Plain text, no Review or AggregateRating structured data:
 * search engines do not show a business's reviews of itself, and reviews copied from another
 * site may not be marked up as the page's own (decision 0057).
 */
export function ClientReviews({ headingId, className }: { headingId: string; className?: string }) {
  const reviews = reviewsToShow();
  if (reviews.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={className}>
      <h3 id={headingId} className="text-center text-lg font-bold text-navy-900">
        What our clients say
      </h3>
      <ul className="mt-6 flex flex-wrap justify-center gap-6">
        {reviews.map((review) => (
          <li
            key={`${review.author}-${review.date}-${review.quote.slice(0, 24)}`}
            className="flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:w-[calc((100%-1.5rem)/2)] lg:w-[calc((100%-3rem)/3)]"
          >
            <Stars rating={review.rating} />
            <blockquote className="mt-4 flex-1 leading-relaxed text-slate-800">
              “{review.quote}”
            </blockquote>
            <p className="mt-4 text-sm text-slate-600">
              <span className="font-semibold text-navy-900">{review.author}</span>
              {" · "}
              {review.source}
              {" · "}
              <time dateTime={review.date}>
                {monthYear.format(new Date(`${review.date}T00:00:00Z`))}
              </time>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
