import { entityApi } from '@web/api/entityApi';

/** A section as its editor sees it (admin/section/getbyid, copy, init, search rows). */
export type SectionAdminView = {
  id: number | null;
  caption: string;
  /** The back button's caption in the assessment, e.g. 'Go Back'. */
  captionPrevious: string | null;
  /** The forward button's caption, e.g. 'Continue'. */
  captionNext: string | null;
  /** Navigates the assessment: /assessment/{assessmentCode}/{code}. */
  code: string;
  displayOrder: number | null;
  description: string | null;
  helpContent: string | null;
  helpContentVideo: string | null;
  isActive: boolean;
  questionCount: number;
};

export type SectionAdminRow = SectionAdminView & { id: number };

export const sectionAdminApi = entityApi<SectionAdminView, SectionAdminRow>('admin/section');
