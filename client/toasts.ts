import { errorText } from "./error-words";

// docs/product.md §9 toast durations, in one place so every screen agrees. `important`: a
// confirmation a person must be able to read (docs/decisions/098).
export const TOAST_DURATION = {
  success: 2000,
  error: 3000,
  friendRequest: 4000,
  default: 5000,
  important: 8000,
} as const;

/**
 * `id`: a toast asked for again with the same id replaces the one on screen instead of stacking a twin.
 * `action`: one button on the toast that does what it says ("Reload" after an update).
 * `important`: the confirmation of something a person must know happened (a password changed,
 * sessions signed out, a page written offline sent): TOAST_DURATION.important, with a close button.
 */
type Options = {
  description?: string;
  closable?: boolean;
  duration?: number;
  id?: string;
  action?: { label: string; onClick: () => void };
  important?: boolean;
};
type Sonner = typeof import("sonner");

// sonner (about 10 KB gzip) is no page's first-load JavaScript (docs/performance.md, "First-load
// JavaScript"): it is fetched after hydration by the toaster (components/theme/themed-toaster.tsx)
// or by the first toast, whichever comes first. Toasts run in the order they were asked for, and
// sonner shows a toaster that subscribes late the toasts made before it.
let sonner: Promise<Sonner> | null = null;
export const loadSonner = () => (sonner ??= import("sonner"));

const TOAST_MAX_MS = 10_000;

/**
 * Long enough to read (docs/decisions/112): a second, and 60 ms a character (about 200 words a
 * minute), when that is longer than the status's own duration; at most TOAST_MAX_MS.
 */
export function readingTime(title: string, description?: string): number {
  return Math.min(TOAST_MAX_MS, 1000 + 60 * (title.length + (description?.length ?? 0)));
}
function opts(title: string, { description, closable, duration, id, action, important }: Options, fallback: number) {
  return {
    description,
    closeButton: closable ?? important,
    duration: duration ?? Math.max(important ? TOAST_DURATION.important : fallback, readingTime(title, description)),
    id,
    action,
  };
}

function show(run: (toast: Sonner["toast"]) => void) {
  void loadSonner().then(({ toast }) => run(toast));
}

/** Toasts with the spec's statuses (info, warning, success, error, loading) and default durations. */
export const notify = {
  success: (title: string, o: Options = {}) => show((t) => t.success(title, opts(title, o, TOAST_DURATION.success))),
  // An error's title is often the API's message: in the screens' language when its words are here.
  error: (title: string, o: Options = {}) => {
    const said = { ...o, description: o.description === undefined ? undefined : errorText(o.description) };
    show((t) => t.error(errorText(title), opts(errorText(title), said, TOAST_DURATION.error)));
  },
  info: (title: string, o: Options = {}) => show((t) => t.info(title, opts(title, o, TOAST_DURATION.default))),
  warning: (title: string, o: Options = {}) => show((t) => t.warning(title, opts(title, o, TOAST_DURATION.default))),
  loading: (title: string, o: Options = {}) => show((t) => t.loading(title, opts(title, o, TOAST_DURATION.default))),
  dismiss: (id?: string | number) => show((t) => t.dismiss(id)),
};
