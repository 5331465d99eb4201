import { AGENCY } from "@agency/domain";
import { StarIcon } from "../../components/icons/star";

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

function Stars({ rating }: { rating: number }) {
  return (
    <p className="flex gap-0.5">
      <span className="sr-only">Rated {rating} out of 5</span>
      {[1, 2, 3, 4, 5].map((star) => (
        <StarIcon
          key={star}
          className={star <= rating ? "size-5 text-amber-500" : "size-5 text-slate-300"}
        />
      ))}
    </p>
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
            className="w-full sm:w-[calc((100%-1.5rem)/2)] lg:w-[calc((100%-3rem)/3)]"
          >
            <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <Stars rating={review.rating} />
              <blockquote className="mt-4 flex-1 leading-relaxed text-slate-800">
                <p>“{review.quote}”</p>
              </blockquote>
              <figcaption className="mt-4 text-sm text-slate-600">
                <span className="font-semibold text-navy-900">{review.author}</span>
                {" · "}
                {review.source}
                {" · "}
                <time dateTime={review.date}>
                  {monthYear.format(new Date(`${review.date}T00:00:00Z`))}
                </time>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
