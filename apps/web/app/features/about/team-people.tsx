import { AGENCY } from "@agency/domain";
import { ProfileImage } from "../../components/profile-image";
import { ConsultationLink } from "./consultation-link";

type Person = (typeof AGENCY.team)[number];

/** "DO" for "Dana Okafor": shown where a person has no photo in the profile. */
function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const letters = [words[0], words.length > 1 ? words.at(-1) : undefined].map((word) =>
    word ? Array.from(word)[0]?.toUpperCase() : "",
  );
  return letters.join("");
}

function PersonCard({ person }: { person: Person }) {
  return (
    <article
      aria-label={person.name}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm"
    >
      {person.photo ? (
        <ProfileImage
          file={person.photo}
          use="team"
          alt={`${person.name}, ${person.title}`}
          className="mx-auto size-32 rounded-full object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="mx-auto flex size-32 items-center justify-center rounded-full bg-brand-50 text-4xl font-bold text-brand-700"
        >
          {initials(person.name)}
        </span>
      )}
      <h3 className="mt-5 text-xl font-bold text-navy-900">{person.name}</h3>
      <p className="mt-1 font-semibold text-brand-700">{person.title}</p>
      <dl className="mt-4 space-y-1 text-sm text-slate-700">
        {person.licenseNumber && (
          <div>
            <dt className="inline font-semibold text-navy-900">License: </dt>
            <dd className="inline">{person.licenseNumber}</dd>
          </div>
        )}
        {person.languages.length > 0 && (
          <div>
            <dt className="inline font-semibold text-navy-900">Languages: </dt>
            <dd className="inline">{person.languages.join(", ")}</dd>
          </div>
        )}
      </dl>
      {person.bio && (
        <p className="mt-4 flex-1 text-left leading-relaxed text-slate-700">{person.bio}</p>
      )}
      <ConsultationLink className="mt-6 self-center">
        Book a consultation<span className="sr-only"> with {person.name}</span>
      </ConsultationLink>
    </article>
  );
}

/**
 * The people of the agency profile, one card each (photo, title, license, languages, bio and
 * a Book a consultation button). Wrapped rows, centered, so a team of any size leaves no
 * empty grid cell. Nothing is drawn when the profile names nobody.
 */
export function TeamPeople() {
  if (AGENCY.team.length === 0) return null;
  return (
    <ul aria-label="Our people" className="mt-10 flex flex-wrap justify-center gap-6">
      {AGENCY.team.map((person) => (
        <li
          key={person.name}
          className="w-full sm:w-[calc((100%-1.5rem)/2)] lg:w-[calc((100%-3rem)/3)]"
        >
          <PersonCard person={person} />
        </li>
      ))}
    </ul>
  );
}
