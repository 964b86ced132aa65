import { z } from "zod";

// Reports' answers (docs/decisions/068).

export const ReportReceivedSchema = z.strictObject({ message: z.literal("Report received") });
