import { Icon, type IconProps } from '@web/components/icons/Icon';
import {
  BriefcaseIcon,
  BuildingIcon,
  ChartIcon,
  ClipboardCheckIcon,
  FactoryIcon,
  LinkIcon,
  NumberedListIcon,
  RoadmapIcon,
  UserIcon,
  UsersIcon,
} from '@web/components/icons/icons';
import type { ComponentType } from 'react';

export const HomeIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3.5 11 12 4l8.5 7M6 9.5V20h4.5v-5.5h3V20H18V9.5" />
  </Icon>
);

export const MenuIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 6.5h16M4 12h16M4 17.5h16" />
  </Icon>
);

const InviteIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="5.5" width="18" height="13" rx="2" />
    <path d="m3.5 7 8.5 6.5L20.5 7" />
  </Icon>
);

const QuestionIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.6v.6M12 17.2v.1" />
  </Icon>
);

const TagIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3.5 12.5V4.5a1 1 0 0 1 1-1h8l8 8-9 9-8-8Z" />
    <circle cx="8" cy="8" r="1.4" />
  </Icon>
);

const HistoryIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3.5 12a8.5 8.5 0 1 0 2.5-6L3.5 8.5M3.5 4v4.5H8M12 7.5V12l3 2" />
  </Icon>
);

/** A picture for each destination of navItems.ts, by its id; the text says what it is. */
export const navIcons: Record<string, ComponentType<IconProps>> = {
  home: HomeIcon,
  users: UsersIcon,
  visitors: UserIcon,
  consultants: BriefcaseIcon,
  invites: InviteIcon,
  manufacturers: FactoryIcon,
  'consulting-firms': BuildingIcon,
  'my-organization': RoadmapIcon,
  sections: NumberedListIcon,
  questions: QuestionIcon,
  lookups: TagIcon,
  trial: ClipboardCheckIcon,
  portfolio: ChartIcon,
  'share-links': LinkIcon,
  audit: HistoryIcon,
};
