import { z } from 'zod';

/** POST assessmentresult/peers: the organization whose place among its benchmarked peers is asked for. */
export const peersBodySchema = z.object({
  id: z.coerce
    .number({ error: 'The organization id must be a number.' })
    .int('The organization id must be a whole number.')
    .positive('The organization id must be a positive whole number.'),
});
export type PeersBody = z.infer<typeof peersBodySchema>;
