import { NOT_FOUND_MESSAGES } from "@agency/domain";
import { ButtonLink } from "../components/button-link";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: NOT_FOUND_MESSAGES.title,
    description: "The page you were looking for could not be found.",
    noIndex: true,
  });

/**
 * The catch-all route. It renders normally (status 200 at build time, as prerendering
 * requires); the server sends its prerendered HTML (`404/index.html`) with status 404 for
 * every unknown path, and it hydrates under any URL because it needs no params or data.
 */
export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-start gap-5 px-4 py-20 sm:px-6 sm:py-28">
      <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">Error 404</p>
      <h1 className="text-4xl font-bold tracking-tight text-navy-900 sm:text-5xl">
        {NOT_FOUND_MESSAGES.title}
      </h1>
      <p className="text-lg text-slate-700">
        The page you were looking for does not exist or has moved. Head back to the home page, or
        use the menu to find what you need.
      </p>
      <ButtonLink to="/">{NOT_FOUND_MESSAGES.homeLink}</ButtonLink>
    </section>
  );
}
