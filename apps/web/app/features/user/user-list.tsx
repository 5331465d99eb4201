import { type User, userDisplayName } from "@agency/domain";
import { type RefObject, useId } from "react";
import { ChevronRightIcon, UsersSearchIcon } from "../../components/icons/index";
import { cn } from "../../lib/cn";
import { UserBadges } from "./user-badges";

const inputClass =
  "min-h-11 w-full rounded-md border border-slate-400 bg-white pr-3 pl-10 text-base text-slate-900 placeholder:text-slate-500";

interface UserListProps {
  users: readonly User[];
  total: number;
  query: string;
  onQueryChange: (query: string) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** The list buttons by user id, so focus can return to one (phone layout's Back). */
  itemRefs: RefObject<Map<string, HTMLButtonElement>>;
}

/** The searchable list: each user is a button that opens the detail panel. */
export function UserList({
  users,
  total,
  query,
  onQueryChange,
  selectedId,
  onSelect,
  itemRefs,
}: UserListProps) {
  const id = useId();
  const isFiltered = query.trim() !== "";
  return (
    <div className="space-y-3">
      <search>
        <label htmlFor={`${id}-search`} className="mb-1 block text-sm font-semibold text-navy-900">
          Search users
        </label>
        <div className="relative">
          <UsersSearchIcon className="pointer-events-none absolute top-3 left-3 size-5 text-slate-500" />
          <input
            id={`${id}-search`}
            type="search"
            value={query}
            onChange={(event) => onQueryChange(event.target.value)}
            placeholder="Name or email"
            maxLength={100}
            autoComplete="off"
            aria-describedby={`${id}-count`}
            className={inputClass}
          />
        </div>
      </search>
      <p id={`${id}-count`} role="status" className="text-sm text-slate-600">
        {isFiltered ? `${users.length} of ${total} users match` : `${total} users`}
      </p>
      {users.length === 0 ? (
        <div className="rounded-xl bg-white p-6 text-center text-slate-700 shadow-sm ring-1 ring-slate-200">
          {isFiltered ? (
            <>
              <p>No user matches “{query.trim()}”.</p>
              <button
                type="button"
                onClick={() => onQueryChange("")}
                className="mt-3 inline-flex min-h-11 cursor-pointer items-center rounded-md bg-white px-3 text-sm font-semibold text-navy-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
              >
                Clear Search
              </button>
            </>
          ) : (
            <p>No staff accounts yet.</p>
          )}
        </div>
      ) : (
        <ul
          aria-label="Users"
          className="divide-y divide-slate-200 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          {users.map((user) => {
            const isSelected = user._id === selectedId;
            const name = userDisplayName(user);
            return (
              <li key={user._id}>
                <button
                  type="button"
                  ref={(element) => {
                    if (element) itemRefs.current.set(user._id, element);
                    else itemRefs.current.delete(user._id);
                  }}
                  aria-current={isSelected ? "true" : undefined}
                  onClick={() => onSelect(user._id)}
                  className={cn(
                    "flex w-full cursor-pointer items-center gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:-outline-offset-3",
                    isSelected &&
                      "bg-brand-50 shadow-[inset_4px_0_0] shadow-brand-700 hover:bg-brand-50",
                  )}
                >
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold text-navy-900">{name}</span>
                    {name !== user.email ? (
                      <span className="block truncate text-sm text-slate-600">{user.email}</span>
                    ) : null}
                    <UserBadges user={user} className="mt-1.5" />
                  </span>
                  <ChevronRightIcon className="size-5 shrink-0 text-slate-500" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
