// Set by scripts/test.ts (`npm test`), which starts the database, the app instances and the stand-in servers.
function required(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the tests with \`npm test\` (or \`npm test -- integration\`).`);
  return v;
}

export const testEnv = {
  get baseUrl() {
    return required("INKWELL_TEST_URL");
  },
  get secondUrl() {
    return required("INKWELL_TEST_URL_2");
  },
  /** An instance that keeps photos in S3 (s3rver): TEST_S3_ENDPOINT, bucket TEST_S3_BUCKET. */
  get s3Url() {
    return required("INKWELL_TEST_URL_S3");
  },
  /** The server log of the main instance (baseUrl). */
  get log() {
    return required("INKWELL_TEST_LOG");
  },
  /** The server log of the second instance (secondUrl). */
  get secondLog() {
    return required("INKWELL_TEST_LOG_2");
  },
  /** The server log of the S3 instance, which has no mail provider: mail goes to this log. */
  get s3Log() {
    return required("INKWELL_TEST_LOG_S3");
  },
  /** Where the SMTP server that the main instances send to keeps what it receives (scripts/test/smtp.ts). */
  get mailDir() {
    return required("TEST_MAIL_DIR");
  },
  /** That SMTP server's URL, for a test that sends through it itself (tests/lib/reminders.test.ts). */
  get smtpUrl() {
    return required("TEST_SMTP_URL");
  },
  /** The OpenID provider standing in for Google on the main instances (scripts/test/oidc.ts). */
  get oidcIssuer() {
    return required("TEST_OIDC_ISSUER");
  },
  get s3Endpoint() {
    return required("TEST_S3_ENDPOINT");
  },
  get s3Bucket() {
    return required("TEST_S3_BUCKET");
  },
  /** DATA_DIR of the local-disk instances: photos are under `uploads/`. */
  get dataDir() {
    return required("INKWELL_TEST_DATA_DIR");
  },
  get databaseUrl() {
    return required("TEST_DATABASE_URL");
  },
  get adminDatabaseUrl() {
    return required("TEST_ADMIN_DATABASE_URL");
  },
};

// The harness's other origin lives beside the harness (scripts never import tests/).
export { TEST_CLIENT_ORIGIN } from "../../scripts/test/client-origin";
