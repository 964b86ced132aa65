// Runs once when the server starts: a bad setting stops it with a message naming the variable.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { config } = await import("@/lib/config");
    config();
  }
}
