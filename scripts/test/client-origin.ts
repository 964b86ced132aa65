/**
 * A client hosted on another origin, in the main instances' CORS_ORIGINS (scripts/test.ts): its
 * flows come back to it. Nothing listens there; a browser test serves its pages with page.route.
 */
export const TEST_CLIENT_ORIGIN = "http://client.inkwell.test:1234";
