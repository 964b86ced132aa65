// The scheduler's routes' refusals (app/cron/*): plain values, one home each (docs/decisions/107).
export const CRON_NOT_FOUND_MESSAGE = "No such endpoint";
export const CRON_SECRET_MESSAGE = "The scheduler's secret is missing or wrong";
