import { z } from 'zod';

/** POST assessmentresult/peers: the organization whose place among its benchmarked peers is asked for. */
export const peersBodySchema = z.object({
  id: z.coerce
    .number({ error: 'The organization id must be a number.' })
    .int('The organization id must be a whole number.')
    .positive('The organization id must be a positive whole number.'),
});
export type PeersBody = z.infer<typeof peersBodySchema>;

/**
 * The answer of POST assessmentresult/peers, as the web reads it (docs/product.md#insights-peers).
 * Quartiles only: no lowest or highest, which would be one manufacturer's own figure.
 */
export const peerDistributionSchema = z.object({
  /** Benchmarked manufacturers not excluded from the benchmark, the organization itself included. */
  contributors: z.number().int(),
  minimum: z.number().int(),
  /** How many more manufacturers outside the caller's reach the figures need; 0 once they show. */
  needed: z.number().int(),
  sections: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      value: z.number().nullable(),
      q1: z.number(),
      median: z.number(),
      q3: z.number(),
    }),
  ),
});
export type PeerDistributionView = z.infer<typeof peerDistributionSchema>;
