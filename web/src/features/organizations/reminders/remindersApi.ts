import type { ReminderPreview, remindersSentSchema } from '@domain/schemas/reminders';
import { queryOptions } from '@tanstack/react-query';
import { api, callerHandlesAllButSession } from '@web/api/client';
import type { z } from 'zod';

// The reminder calls of docs/decisions.md#insights-reminders, for Report Settings. The section tells
// their failures itself (an ended session or a refusal still goes to the global handler).

export const reminderKeys = {
  preview: (organizationId: number) => ['organizations', 'reminders', organizationId] as const,
};

const ownHandling = { skipGlobal: callerHandlesAllButSession };

/** POST organization/reminders/preview: who will be reminded next and when, by the saved settings. */
export const reminderPreviewQuery = (organizationId: number) =>
  queryOptions({
    queryKey: reminderKeys.preview(organizationId),
    queryFn: ({ signal }) =>
      api.post<ReminderPreview>(
        'organization/reminders/preview',
        { id: organizationId },
        { signal, ...ownHandling },
      ),
  });

/** POST organization/reminders/sendnow: each invitee's next reminder, now; the answer says how many went. */
export const sendRemindersNow = (organizationId: number) =>
  api.post<z.output<typeof remindersSentSchema>>(
    'organization/reminders/sendnow',
    { id: organizationId },
    ownHandling,
  );
