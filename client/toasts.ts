import { toast } from "sonner";

// docs/product.md §9 toast durations, in one place so every screen agrees.
export const TOAST_DURATION = {
  success: 2000,
  error: 3000,
  friendRequest: 4000,
  default: 5000,
} as const;

type Options = { description?: string; closable?: boolean; duration?: number };

function opts({ description, closable, duration }: Options, fallback: number) {
  return { description, closeButton: closable, duration: duration ?? fallback };
}

/** Toasts with the spec's statuses (info, warning, success, error, loading) and default durations. */
export const notify = {
  success: (title: string, o: Options = {}) => toast.success(title, opts(o, TOAST_DURATION.success)),
  error: (title: string, o: Options = {}) => toast.error(title, opts(o, TOAST_DURATION.error)),
  info: (title: string, o: Options = {}) => toast.info(title, opts(o, TOAST_DURATION.default)),
  warning: (title: string, o: Options = {}) => toast.warning(title, opts(o, TOAST_DURATION.default)),
  loading: (title: string, o: Options = {}) => toast.loading(title, opts(o, TOAST_DURATION.default)),
  dismiss: (id?: string | number) => toast.dismiss(id),
};
