// Set by scripts/test.ts (`npm test`), which starts the database and two app instances.
function required(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the tests with \`npm test\` (or \`npm test -- unit\`).`);
  return v;
}

export const testEnv = {
  get baseUrl() {
    return required("INKWELL_TEST_URL");
  },
  get secondUrl() {
    return required("INKWELL_TEST_URL_2");
  },
  get databaseUrl() {
    return required("TEST_DATABASE_URL");
  },
  get adminDatabaseUrl() {
    return required("TEST_ADMIN_DATABASE_URL");
  },
};
