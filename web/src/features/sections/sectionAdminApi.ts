import type { SectionAdminRow, SectionAdminView } from '@domain/schemas/contentView';
import { entityApi } from '@web/api/entityApi';

// A section as its editor sees it (admin/section/getbyid, copy, init) and as search lists it: the
// schemas the server answers with.
export type { SectionAdminRow, SectionAdminView } from '@domain/schemas/contentView';

export const sectionAdminApi = entityApi<SectionAdminView, SectionAdminRow>('admin/section');
