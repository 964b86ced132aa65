import { NO_SUCH_ENDPOINT_MESSAGE, NotFoundError } from "@/lib/errors";
import { route } from "@/lib/http/respond";

// Unknown API paths answer in the API's error shape instead of falling through to a page.
const notFound = route(async () => {
  throw new NotFoundError(NO_SUCH_ENDPOINT_MESSAGE);
});

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
