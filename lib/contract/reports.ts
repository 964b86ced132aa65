import { z } from "zod";
import { REPORT_RECEIVED_MESSAGE } from "@/lib/contract/messages";

// Reports' answers (docs/decisions/068).

export const ReportReceivedSchema = z.strictObject({ message: z.literal(REPORT_RECEIVED_MESSAGE) });
