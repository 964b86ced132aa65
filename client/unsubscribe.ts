import { apiFetch } from "./api";
import { apiPath } from "./api-path";
import { ApiError } from "./api-error";
import { refusalOf } from "./refusals";

// The one-click unsubscribe of the page a reminder mail links to (docs/decisions/061): signed out,
// so no query client here (docs/decisions/017).

export const UNSUBSCRIBE_FAILED = "Could not turn the reminders off";

export async function unsubscribeFromReminders(token: string): Promise<void> {
  let res: Response;
  try {
    res = await apiFetch(apiPath("POST /api/reminders/unsubscribe/{token}", { token }), {
      method: "POST",
      token: null,
    });
  } catch {
    throw new ApiError(0, UNSUBSCRIBE_FAILED);
  }
  if (!res.ok) throw await refusalOf(res, UNSUBSCRIBE_FAILED);
}
