// How a load scenario is compared (docs/decisions/083-a-bare-next-reference.md, docs/performance.md
// "Baselines"): an API scenario against a route handler, a page against a static page; first
// against the bare Next app's, then against Inkwell's own in-app baselines (docs/decisions/035).

export type Reference = "handler" | "page";

/** The scenario's reference: a page (group "page", or a baseline marked as one) against a static page, everything else against a route handler. */
export function referenceOf(s: { group: string; reference?: Reference }): Reference {
  return s.reference ?? (s.group === "page" ? "page" : "handler");
}

/** Requests per second of the four baselines of a run (before and after averaged). */
export interface ReferenceRates {
  bareNext: Record<Reference, number>;
  inApp: Record<Reference, number>;
}

export const RATIO_COLUMNS = ["× bare Next handler", "× bare Next page", "× in-app"] as const;

const ratio = (rps: number, base: number) => (Number.isFinite(rps) && base > 0 ? (rps / base).toFixed(2) : "");

/**
 * A row's ratio columns: its req/s over the bare Next reference of its kind (the other bare Next
 * column stays empty) and over Inkwell's in-app baseline of the same kind.
 */
export function ratioColumns(
  rps: number,
  reference: Reference,
  rates: ReferenceRates,
): Record<(typeof RATIO_COLUMNS)[number], string> {
  return {
    "× bare Next handler": reference === "handler" ? ratio(rps, rates.bareNext.handler) : "",
    "× bare Next page": reference === "page" ? ratio(rps, rates.bareNext.page) : "",
    "× in-app": ratio(rps, rates.inApp[reference]),
  };
}
