"use client";

import { useRouter } from "next/navigation";
import { createContext, useCallback, useContext, useMemo, useState } from "react";
import { followAction, unfollowAction } from "../_actions/watchlist";

/**
 * Which companies the signed-in user follows, given by the dashboard's layout and kept here, so
 * every star on the page (directory, company header, table cells) shows one state. A toggle shows
 * its outcome at once and takes it back if the server refuses it (the reason is announced).
 */

interface FollowState {
  followed: ReadonlySet<string>;
  toggle(companyId: string): void;
}

const Followed = createContext<FollowState>({ followed: new Set(), toggle: () => {} });

export function FollowProvider({ followed: given, children }: { followed: readonly string[]; children: React.ReactNode }) {
  const router = useRouter();
  const [followed, setFollowed] = useState<ReadonlySet<string>>(() => new Set(given));
  const [from, setFrom] = useState(given);
  const [problem, setProblem] = useState("");
  // A fresh list from the server (a navigation, a refresh) is the truth again.
  if (from !== given) {
    setFrom(given);
    setFollowed(new Set(given));
  }

  const toggle = useCallback(
    (companyId: string) => {
      const was = followed.has(companyId);
      const flip = (on: boolean) =>
        setFollowed((current) => {
          const next = new Set(current);
          if (on) next.add(companyId);
          else next.delete(companyId);
          return next;
        });
      flip(!was);
      setProblem("");
      void (was ? unfollowAction(companyId) : followAction(companyId)).then(
        (result) => {
          if (result.ok) router.refresh();
          else {
            flip(was);
            setProblem(result.error.message);
          }
        },
        () => {
          flip(was);
          setProblem("The change could not be saved. Try again.");
        },
      );
    },
    [followed, router],
  );

  const value = useMemo(() => ({ followed, toggle }), [followed, toggle]);
  return (
    <Followed.Provider value={value}>
      {children}
      <p role="status" className="sr-only" data-testid="follow-status">
        {problem}
      </p>
    </Followed.Provider>
  );
}

/** A star that follows or unfollows the company; keyboard operable, its state in aria-pressed. */
export function FollowButton({ company }: { company: { id: string; name: string } }) {
  const { followed, toggle } = useContext(Followed);
  const on = followed.has(company.id);
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={`${on ? "Unfollow" : "Follow"} ${company.name}`}
      title={on ? "Following: click to unfollow" : "Follow"}
      data-testid="follow-button"
      // The row around it opens on a click or Enter: the star is not the row.
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        toggle(company.id);
      }}
      onKeyDown={(event) => {
        if (event.key === "Enter" || event.key === " ") event.stopPropagation();
      }}
      className={`inline-flex size-7 shrink-0 items-center justify-center rounded hover:bg-slate-100 hover:text-amber-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600 ${on ? "text-amber-600" : "text-slate-500"}`}
    >
      <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true" fill={on ? "currentColor" : "none"} stroke="currentColor" strokeWidth={1.5}>
        <path strokeLinejoin="round" d="M10 2.5l2.3 4.7 5.2.8-3.8 3.7.9 5.2L10 14.4l-4.6 2.5.9-5.2L2.5 8l5.2-.8L10 2.5z" />
      </svg>
    </button>
  );
}
