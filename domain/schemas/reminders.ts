import { z } from 'zod';
import { envelopeOf } from './answers.js';

// The answers of the reminder calls (docs/decisions.md#insights-reminders).

/** organization/reminders/preview: who will be reminded next and when. */
export const reminderPreviewSchema = envelopeOf(
  z.array(
    z.object({
      inviteId: z.number().int(),
      respondent: z.object({ id: z.number().int(), fullName: z.string() }),
      assessment: z.object({ id: z.number().int(), name: z.string() }),
      sentCount: z.number().int(),
      /** ISO day of the next reminder (today when it is due), null when none is left. */
      nextOn: z.string().nullable(),
    }),
  ),
);
export type ReminderPreview = z.output<typeof reminderPreviewSchema>;

/** organization/reminders/sendnow: how many reminders went. */
export const remindersSentSchema = envelopeOf(z.object({ sent: z.number().int() }));
