import type { ReactNode } from "react";

/** A character no message holds: where the element goes in the formatted words. */
const SLOT = "\uE000";

/**
 * A message with an element among its words (an account's @name in bold): `say` formats the
 * message with the element's argument, which the element then takes the place of. The catalogues
 * hold no ICU tags: each of their messages formats as plain text (tests/unit/catalogues.test.ts).
 */
export function withElement(say: (slot: string) => string, element: ReactNode): ReactNode {
  const [before, ...after] = say(SLOT).split(SLOT);
  return (
    <>
      {before}
      {element}
      {after.join("")}
    </>
  );
}
