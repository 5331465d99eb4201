/** The agency profile's carriers and reviews, as the public pages show them. */
export { CarrierLogos } from "./carrier-logos";
export { ClientReviews, MAX_REVIEWS_SHOWN, reviewsToShow } from "./client-reviews";
