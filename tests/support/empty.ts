// Stands in for the `server-only` marker package under Vitest (it throws outside Next's server build).
export {};
