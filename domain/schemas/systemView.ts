import { z } from 'zod';

/** What GET health answers while the service is up. */
export const healthView = z.object({ status: z.string().describe("'ok'") });
